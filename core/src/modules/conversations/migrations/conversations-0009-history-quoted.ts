import { Migration } from '@mikro-orm/migrations';
import { functionSql } from '../ingest-sql.js';

/** balcao_ingest_history v2's per-message signature (v1 and v2). */
const HISTORY_SIGNATURE_V2 = `balcao_ingest_history(int, int, text, text, text, boolean, text, text, text, boolean,
  text, text, timestamptz, text, int, boolean)`;

/**
 * balcao_ingest_history v3: the history import's replies and reactions point at the message they answer or react to
 * (quoted_msg_id), as live ones do since balcao_ingest v7 — linked once per batch, in one statement, so a target later
 * in the same batch is found too. The function now takes a whole batch (json rows), so v2's per-message signature is
 * dropped (no overload is left behind); down() drops v3 and puts v2 back.
 */
export class MigrationConversations0009HistoryQuoted extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function if exists ${HISTORY_SIGNATURE_V2};`);
    this.addSql(functionSql('balcao_ingest_history', 3));
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists balcao_ingest_history(jsonb);');
    this.addSql(functionSql('balcao_ingest_history', 2));
  }
}
