import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/** balcao_ingest as this migration defines it (conversations/sql, v2); core-0008's down() restores it. */
export const INGEST_FUNCTION_0007 = ingestFunctionSql(2);

/**
 * Fewer writes per inbound message. balcao_ingest (core-0004) upserted the contact on every message, and each of
 * those updates wrote a new row version into every contact index (three of them trigram GIN indexes): now an
 * existing contact is only read, and written only when its picture changes or it still carries its number as name.
 * tickets_company_user_status_updated_index goes: tickets_user_list_index (core-0005) starts with the same columns,
 * and every message updated both.
 */
export class Migration0007IngestLeanerWrites extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop index if exists tickets_company_user_status_updated_index;
      ${INGEST_FUNCTION_0007}
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'create index if not exists tickets_company_user_status_updated_index on tickets (company_id, user_id, status, updated_at desc);',
    );
  }
}
