import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server tests may create databases on (set by the global setup, or TEST_DATABASE_URL). */
export function adminUrl(): string {
  const url = process.env.BALCAO_TEST_ADMIN_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('No test database: run through vitest (global setup) or set TEST_DATABASE_URL');
  return url;
}

async function onAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one test file or one e2e run; `drop` removes it.
 * @example const db = await createTestDatabase(); … await db.drop();
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `balcao_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onAdmin((c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // Let the stopped kernel's connections finish closing (up to 3 s) before forcing the rest off.
    drop: () =>
      onAdmin(async (c) => {
        const deadline = Date.now() + 3_000;
        const open = async () =>
          Number(
            (await c.query('select count(*) from pg_stat_activity where datname = $1', [name])).rows[0].count,
          );
        while ((await open()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
