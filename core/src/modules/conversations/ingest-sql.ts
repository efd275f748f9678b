import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The SQL of `balcao_ingest`, the inbound pipeline's database function (ARCHITECTURE "Data flow"), one readable file
 * per version under sql/. A change is a new version file and a migration that installs it; a version, once a
 * migration installs it, never changes (the migrations that ran it are done on every database).
 * @example this.addSql(ingestFunctionSql(3))
 */
export function ingestFunctionSql(
  version: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14,
): string {
  return readFileSync(path.join(import.meta.dirname, 'sql', `balcao_ingest.v${version}.sql`), 'utf8');
}

/** The version the current schema runs (what ingest-service calls). */
export const CURRENT_INGEST_VERSION = 14;

/** balcao_ingest's arguments from v3 to v6, to drop it when a version changes what it answers or takes. */
export const INGEST_SIGNATURE =
  'balcao_ingest(int, int, text, text, text, text, boolean, text, text, text, boolean, text, text, text, timestamptz, text)';

/** balcao_ingest's arguments from v7 on (v8 to v14 kept them): v6's and the quoted message's channel id (p_quoted). */
export const INGEST_SIGNATURE_V7 = `${INGEST_SIGNATURE.slice(0, -1)}, text)`;

/**
 * The SQL of one version of another of the module's functions (sql/<name>.v<version>.sql): `balcao_ingest_history`
 * (the history import), `balcao_number_twin` (the ninth-digit rule both ingests call) or `balcao_ingest_many` (a
 * batch of live messages, IngestBatcher). Versions never change.
 * @example this.addSql(functionSql('balcao_number_twin', 1))
 */
export function functionSql(
  name: 'balcao_ingest_history' | 'balcao_number_twin' | 'balcao_ingest_many',
  version: number,
): string {
  return readFileSync(path.join(import.meta.dirname, 'sql', `${name}.v${version}.sql`), 'utf8');
}

/** The versions the current schema runs, by function (what the int test compares with the database). */
export const CURRENT_FUNCTION_VERSIONS = {
  balcao_ingest_history: 4,
  balcao_number_twin: 1,
  balcao_ingest_many: 1,
} as const;
