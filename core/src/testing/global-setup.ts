import { startTestPostgres } from './embedded-for-tests.js';

/**
 * Vitest global setup: tests run against TEST_DATABASE_URL when set, else against an embedded PostgreSQL kept under
 * the temp folder (initialised once per checkout, reused across runs). Each test file makes its own database.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.BALCAO_TEST_ADMIN_URL = process.env.TEST_DATABASE_URL;
    return async () => undefined;
  }
  const db = await startTestPostgres('unit', Number(process.env.TEST_EMBEDDED_PG_PORT ?? 55000));
  process.env.BALCAO_TEST_ADMIN_URL = db.url;
  return () => db.stop();
}
