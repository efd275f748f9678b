import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';
import { INGEST_FUNCTION_0007 } from './core-0007-ingest-leaner-writes.js';

const ARGS_0007 =
  'int, int, text, text, text, text, boolean, text, text, text, boolean, text, text, text, timestamptz';

/** core-0007's balcao_ingest with one more argument, the ticket's preview, stored as last_message (v3). */
const INGEST_FUNCTION_0008 = ingestFunctionSql(3);

/**
 * The ticket's last message comes from lastMessagePreview (@balcao/sdk), the one rule outgoing messages follow too,
 * instead of the inbound body: an uncaptioned voice note shows as `[audio]`, a contact card by its name. The
 * function gets a new signature, so the old one is dropped rather than left as an overload.
 */
export class Migration0008IngestLastMessagePreview extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function if exists balcao_ingest(${ARGS_0007}); ${INGEST_FUNCTION_0008}`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists balcao_ingest(${ARGS_0007}, text); ${INGEST_FUNCTION_0007}`);
  }
}
