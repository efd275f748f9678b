import { Migration } from '@mikro-orm/migrations';
import { functionSql } from '../ingest-sql.js';

/**
 * balcao_ingest_many v1 (sql/): a batch of inbound messages in one call, a contact's next message in its open ticket
 * stored by one statement for the whole batch, every other message through balcao_ingest in the batch's order (issue
 * 30, ingest: the database's CPU per such message 0.31–0.49 → 0.14–0.20 ms).
 */
export class MigrationConversations0016IngestMany extends Migration {
  override async up(): Promise<void> {
    this.addSql(functionSql('balcao_ingest_many', 1));
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists balcao_ingest_many(jsonb);');
  }
}
