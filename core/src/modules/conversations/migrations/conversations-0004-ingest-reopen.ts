import { Migration } from '@mikro-orm/migrations';
import { INGEST_SIGNATURE, ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v5: a contact writing again within the connection's timeCreateNewTicket minutes reopens their closed
 * ticket (issue 15). It answers three more columns, so v4 is dropped first (create or replace cannot change what a
 * function returns); down() puts v4 back the same way.
 */
export class MigrationConversations0004IngestReopen extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function if exists ${INGEST_SIGNATURE};`);
    this.addSql(ingestFunctionSql(5));
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists ${INGEST_SIGNATURE};`);
    this.addSql(ingestFunctionSql(4));
  }
}
