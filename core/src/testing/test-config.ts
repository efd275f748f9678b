import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../kernel/config.js';

/**
 * A test kernel's configuration on `databaseUrl`: the seeded admin (admin@admin.com / secret-admin), fixed test
 * secrets, silent logs, any free port, and uploads in a fresh temporary folder (never the checkout's ./data).
 * @example const kernel = await startKernel({ config: testKernelConfig(db.url), plugins: [] })
 */
export function testKernelConfig(databaseUrl: string, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { NODE_ENV: 'test', ADMIN_EMAIL: 'admin@admin.com', ADMIN_PASSWORD: 'secret-admin' },
    {
      port: 0,
      databaseUrl,
      jwtSecret: 'test-access-secret-0123456789',
      jwtRefreshSecret: 'test-refresh-secret-0123456789',
      logLevel: 'silent',
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'balcao-test-data-')),
      ...overrides,
    },
  );
}
