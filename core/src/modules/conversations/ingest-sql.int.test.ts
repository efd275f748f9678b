import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { CURRENT_INGEST_VERSION, ingestFunctionSql } from './ingest-sql.js';

/** The function a migrated database runs is, word for word, the current version file under conversations/sql. */
let host: TestHost;
beforeAll(async () => {
  host = await createTestHost();
});
afterAll(() => host?.stop());

it('balcao_ingest in the database is the current sql/ version', async () => {
  const rows = await sql<{ prosrc: string; args: string }>(
    host,
    `select prosrc, pg_get_function_identity_arguments(oid) as args from pg_proc where proname = 'balcao_ingest'`,
  );
  // One function: each version that changed the signature dropped the one before.
  expect(rows).toHaveLength(1);
  const file = ingestFunctionSql(CURRENT_INGEST_VERSION);
  const body = file.slice(file.indexOf('$fn$') + 4, file.lastIndexOf('$fn$'));
  expect(rows[0].prosrc).toBe(body);
  expect(rows[0].args).toContain('p_preview text');
});
