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
 * The id of a vitest run (set by its global setup, inherited by its workers): it ends the names of the run's databases
 * (`_r<id>`), so its teardown drops whatever of them is left, and it names the run's template (template-database.ts).
 * Without it (a script, the e2e server, a bench) a test database is migrated from empty and dropped by its owner.
 */
export const TEST_RUN_ENV = 'BALCAO_TEST_RUN';

/** The suffix of a vitest run's database names, or '' outside a run. */
export const runSuffix = (): string => (process.env[TEST_RUN_ENV] ? `_r${process.env[TEST_RUN_ENV]}` : '');

/**
 * A fresh database for one test file or one e2e run, empty or a copy of `template`; `drop` removes it.
 * @example const db = await createTestDatabase(); … await db.drop();
 */
export async function createTestDatabase(
  opts: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `balcao_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}${runSuffix()}`;
  await onAdmin((c) =>
    c.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`),
  );
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

/** Drops every database of a vitest run still there: its template, and test databases dropped in the background. */
export async function dropRunDatabases(run: string): Promise<void> {
  await onAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, 'balcao_') and right(datname, length($1)) = $1",
      [`_r${run}`],
    );
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
  });
}
