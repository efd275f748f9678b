import { Migration } from '@mikro-orm/migrations';
import { INGEST_SIGNATURE_V7, ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v14: answers the stored message's contact id too (message_contact_id), so `message.created` carries it
 * and subscribers learn whose message it is without reading the ticket (issue 30). The result type changes, so v13 is
 * dropped first (same arguments: INGEST_SIGNATURE_V7); down() drops v14 and puts v13 back.
 */
export class MigrationConversations0015IngestContactId extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function if exists ${INGEST_SIGNATURE_V7};`);
    this.addSql(ingestFunctionSql(14));
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists ${INGEST_SIGNATURE_V7};`);
    this.addSql(ingestFunctionSql(13));
  }
}
