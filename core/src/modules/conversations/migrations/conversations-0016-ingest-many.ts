import { Migration } from '@mikro-orm/migrations';
import { functionSql } from '../ingest-sql.js';

/**
 * balcao_ingest_many v1 (sql/): a batch of inbound messages in one call. A contact's next plain message in its open
 * ticket and a new number's first message go in one statement for the whole batch; every other message through
 * balcao_ingest in the batch's order (issue 30, ingest: the database's CPU a message, ingest-db-cost.ts, 0.32 → 0.16 ms).
 */
export class MigrationConversations0016IngestMany extends Migration {
  override async up(): Promise<void> {
    this.addSql(functionSql('balcao_ingest_many', 1));
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists balcao_ingest_many(jsonb);');
  }
}
