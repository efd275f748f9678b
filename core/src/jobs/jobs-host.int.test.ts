import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startKernel } from '../app.js';
import { testKernelConfig } from '../testing/test-config.js';
import { adminUrl, createTestDatabase } from '../testing/test-database.js';

const db = await createTestDatabase();
afterAll(() => db.drop());

/** The connections open on the test database, by application name. */
async function openConnections(): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ application_name: string }>(
      'select application_name from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(db.url).pathname.slice(1)],
    );
    return rows.map((r) => r.application_name);
  } finally {
    await client.end();
  }
}

describe('jobs host', () => {
  it('a stopped kernel leaves no connection open: the jobs pool closes with it, worker or web', async () => {
    for (const role of ['all', 'web'] as const) {
      const kernel = await startKernel({ config: testKernelConfig(db.url, { role }), plugins: [] });
      expect(await openConnections()).toContain('balcao-jobs');
      await kernel.stop();
      expect(await openConnections()).toEqual([]);
    }
  });
});
