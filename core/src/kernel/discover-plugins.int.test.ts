import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PluginInfoDto } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kernel, startKernel, withExtraPlugins } from '../app.js';
import { fakeWhatsappChannel, fakeWhatsappPlugin } from '../testing/fake-whatsapp-plugin.js';
import { testKernelConfig } from '../testing/test-config.js';
import { createTestDatabase } from '../testing/test-database.js';
import { discoverPlugins } from './discover-plugins.js';

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

  it('an extra plugin (a test double) replaces the discovered plugin of the same channel kind, and only that one', async () => {
    const { plugins } = await discoverPlugins();
    expect(plugins.map((p) => p.name)).toContain('whatsapp');
    const names = withExtraPlugins(plugins, [fakeWhatsappPlugin]).map((p) => p.name);
    expect(names).toContain('fake-whatsapp');
    expect(names).not.toContain('whatsapp');
    expect(names).toContain('webchat');
    // A double of no channel only adds itself.
    const extra = { name: 'double' };
    expect(withExtraPlugins(plugins, [extra]).map((p) => p.name)).toEqual([
      ...plugins.map((p) => p.name),
      'double',
    ]);
  });
});

describe('a kernel started as `npm start` starts it (discovery, no BALCAO_EXAMPLES)', () => {
  let kernel: Kernel;
  let doubled: Kernel;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let db2: Awaited<ReturnType<typeof createTestDatabase>>;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'balcao-test-data-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    db2 = await createTestDatabase();
    const config = (databaseUrl: string) => testKernelConfig(databaseUrl, { dataDir });
    kernel = await startKernel({ config: config(db.url) });
    // The e2e server's way: discovery plus the fake WhatsApp as an extra plugin.
    doubled = await startKernel({ config: config(db2.url), extraPlugins: [fakeWhatsappPlugin] });
  });
  afterAll(async () => {
    await kernel?.stop();
    await doubled?.stop();
    await db?.drop();
    await db2?.drop();
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

  it('discovers the WhatsApp plugin, and a fake WhatsApp given as an extra plugin takes its place', () => {
    expect(kernel.plugins.loaded.map((p) => p.name)).toContain('whatsapp');
    const names = doubled.plugins.loaded.map((p) => p.name);
    expect(names).toContain('fake-whatsapp');
    expect(names).not.toContain('whatsapp');
    expect(doubled.container.cradle.channels.get('whatsapp')).toBe(fakeWhatsappChannel);
    expect(doubled.plugins.failures).toEqual([]);
  });
});
