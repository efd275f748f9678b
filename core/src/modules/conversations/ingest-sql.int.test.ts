import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import {
  CURRENT_FUNCTION_VERSIONS,
  CURRENT_INGEST_VERSION,
  functionSql,
  ingestFunctionSql,
} from './ingest-sql.js';

/** The functions a migrated database runs are, word for word, the current version files under conversations/sql. */
let host: TestHost;
beforeAll(async () => {
  host = await createTestHost();
});
afterAll(() => host?.stop());

const bodyOf = (file: string) => file.slice(file.indexOf('$fn$') + 4, file.lastIndexOf('$fn$'));
const installed = (name: string) =>
  sql<{ prosrc: string; args: string }>(
    host,
    `select prosrc, pg_get_function_identity_arguments(oid) as args from pg_proc where proname = $1`,
    [name],
  );

it('balcao_ingest in the database is the current sql/ version', async () => {
  const rows = await installed('balcao_ingest');
  // One function: each version that changed the signature dropped the one before.
  expect(rows).toHaveLength(1);
  expect(rows[0].prosrc).toBe(bodyOf(ingestFunctionSql(CURRENT_INGEST_VERSION)));
  expect(rows[0].args).toContain('p_preview text');
  // v7: the channel's id of the message quoted or reacted to.
  expect(rows[0].args).toContain('p_quoted text');
});

it('balcao_ingest_history, balcao_number_twin and balcao_ingest_many in the database are their current sql/ versions', async () => {
  for (const [name, version] of Object.entries(CURRENT_FUNCTION_VERSIONS)) {
    const rows = await installed(name);
    expect(rows, name).toHaveLength(1);
    expect(rows[0].prosrc, name).toBe(
      bodyOf(functionSql(name as keyof typeof CURRENT_FUNCTION_VERSIONS, version)),
    );
  }
});

it('live and history ingest share one ninth-digit rule: both call balcao_number_twin, neither has its own', async () => {
  for (const name of ['balcao_ingest', 'balcao_ingest_history']) {
    const [row] = await installed(name);
    // balcao_ingest_history v3 reads each row of its batch as the record p.
    expect(row.prosrc, name).toMatch(/balcao_number_twin\(p[._]number\)/);
    expect(row.prosrc, name).not.toContain("'^55[1-9]");
  }
});
