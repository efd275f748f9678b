import { Migration } from '@mikro-orm/migrations';
import { INGEST_SIGNATURE, INGEST_SIGNATURE_V7, ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v7: a contact's reaction and quoted reply are linked to the message they point at (quoted_msg_id), found
 * by its channel id on the same connection and contact (issue 13); a reaction taken back leaves the ticket's last
 * message and unread count alone. One more argument, so v6 is dropped first (no overload is left behind); down() drops
 * v7 and puts v6 back.
 */
export class MigrationConversations0006IngestQuoted extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function if exists ${INGEST_SIGNATURE};`);
    this.addSql(ingestFunctionSql(7));
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists ${INGEST_SIGNATURE_V7};`);
    this.addSql(ingestFunctionSql(6));
  }
}
