import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The SQL of `balcao_ingest`, the inbound pipeline's database function (ARCHITECTURE "Data flow"), one readable file
 * per version under sql/. A change is a new version file and a migration that installs it; a version, once a
 * migration installs it, never changes (the migrations that ran it are done on every database).
 * @example this.addSql(ingestFunctionSql(3))
 */
export function ingestFunctionSql(version: 1 | 2 | 3 | 4 | 5): string {
  return readFileSync(path.join(import.meta.dirname, 'sql', `balcao_ingest.v${version}.sql`), 'utf8');
}

/** The version the current schema runs (what ingest-service calls). */
export const CURRENT_INGEST_VERSION = 5;

/** balcao_ingest's arguments, to drop it when a version changes what it answers (its OUT columns). */
export const INGEST_SIGNATURE =
  'balcao_ingest(int, int, text, text, text, text, boolean, text, text, text, boolean, text, text, text, timestamptz, text)';
