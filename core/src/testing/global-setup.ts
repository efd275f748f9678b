import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { createLogger } from '../kernel/logger.js';

/**
 * Vitest global setup: tests run against TEST_DATABASE_URL when set, else against an embedded PostgreSQL
 * kept under the temp folder (initialised once, reused across runs). Each test file makes its own database.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.BALCAO_TEST_ADMIN_URL = process.env.TEST_DATABASE_URL;
    return async () => undefined;
  }
  const logger = createLogger('silent');
  const db = await startEmbeddedPostgres({
    dir: path.join(os.tmpdir(), `balcao-test-pg-${process.getuid?.() ?? 'u'}`),
    port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339),
    logger,
  });
  process.env.BALCAO_TEST_ADMIN_URL = db.url;
  return () => db.stop();
}
