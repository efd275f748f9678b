import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Migration } from '@mikro-orm/migrations';

/** The SQL of `balcao_ingest_history` v1 (sql/); a version, once installed, never changes. */
export const historyIngestFunctionSql = (version: 1): string =>
  readFileSync(path.join(import.meta.dirname, '..', 'sql', `balcao_ingest_history.v${version}.sql`), 'utf8');

/**
 * History import (issue 13): `tickets.imported_at` marks a ticket an import opened (bots, greetings and the
 * inactivity rules leave it alone; "close imported" closes it), and `balcao_ingest_history` stores imported messages
 * as balcao_ingest stores live ones, minus everything a live message sets off. The partial index serves the close.
 */
export class MigrationConversations0002HistoryIngest extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table tickets add column imported_at timestamptz;
      create index tickets_imported_not_closed_index on tickets (whatsapp_id)
        where imported_at is not null and status <> 'closed';
      ${historyIngestFunctionSql(1)}`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop function if exists balcao_ingest_history(int, int, text, text, text, boolean, text, text, text, boolean,
        text, text, timestamptz, text, int, boolean);
      alter table tickets drop column imported_at;`);
  }
}
