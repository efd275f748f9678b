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

/**
 * The seeded admin of a test kernel (testKernelConfig's), signed in: a caller of its API and the admin's id. For tests
 * that start kernels themselves (a restart on one database); createTestHost has its own.
 * @example const admin = await kernelAdmin(kernel.url); await admin.call('/api/settings/userRating', 'PUT', { value: 'enabled' })
 */
export async function kernelAdmin(url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: 'secret-admin' }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const call = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { call, userId: user.id };
}
