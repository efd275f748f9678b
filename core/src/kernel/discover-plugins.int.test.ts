import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PluginInfoDto } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.js';
import { loadConfig } from './config.js';
import { discoverPlugins } from './discover-plugins.js';
import { type Kernel, startKernel } from './kernel.js';

/** The example packages under examples/ (their plugin names). */
const EXAMPLES = ['hello', 'echo'];

describe('plugin discovery', () => {
  it('skips the examples by default and finds them when asked', async () => {
    const normal = await discoverPlugins();
    expect(normal.failures).toEqual([]);
    const names = normal.plugins.map((p) => p.name);
    expect(names).toContain('webchat');
    for (const example of EXAMPLES) expect(names).not.toContain(example);

    const withExamples = (await discoverPlugins({ examples: true })).plugins.map((p) => p.name);
    for (const example of EXAMPLES) expect(withExamples).toContain(example);
  });
});

describe('a kernel started as `npm start` starts it (discovery, no BALCAO_EXAMPLES)', () => {
  let kernel: Kernel;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'balcao-test-data-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig(
      { NODE_ENV: 'test', ADMIN_EMAIL: 'admin@admin.com', ADMIN_PASSWORD: 'secret-admin' },
      {
        port: 0,
        databaseUrl: db.url,
        jwtSecret: 'test-access-secret-0123456789',
        jwtRefreshSecret: 'test-refresh-secret-0123456789',
        logLevel: 'silent',
        dataDir,
      },
    );
    kernel = await startKernel({ config });
  });
  afterAll(async () => {
    await kernel?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("offers company 1 (whose plan has every flag) no example plugin, so none reaches a tenant's menu", async () => {
    const login = await fetch(`${kernel.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: 'secret-admin' }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${kernel.url}/api/plugins`, { headers: { authorization: `Bearer ${token}` } });
    const names = ((await res.json()) as PluginInfoDto[]).map((p) => p.name);
    expect(names).toContain('webchat');
    for (const example of EXAMPLES) expect(names).not.toContain(example);
    expect(kernel.plugins.failures).toEqual([]);
  });
});
