import { definePlugin } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { tenantWithAgent } from '../../testing/tenant-fixtures.js';

/** A plugin written against @balcao/sdk alone that keeps an API key and reads the company's connections. */
const vault = definePlugin({
  name: 'vault-test',
  requires: ['config', 'connections'],
  routes(router) {
    router.put('/vault-test/:key', async (ctx) => {
      const { value } = ctx.request.body as { value: string | null };
      await ctx.state.deps.config.set(ctx.params.key, value);
      ctx.status = 204;
    });
    router.get('/vault-test/:key', async (ctx) => {
      ctx.body = {
        value: await ctx.state.deps.config.get(ctx.params.key),
        keys: await ctx.state.deps.config.keys(),
      };
    });
    router.get('/vault-connections', async (ctx) => {
      const { connections } = ctx.state.deps;
      const main = await connections.default();
      ctx.body = {
        all: (await connections.list()).map((c) => c.name),
        webchat: (await connections.list({ channel: 'webchat' })).map((c) => c.name),
        phones: (await connections.list({ reaches: 'phone-numbers' })).map((c) => c.name),
        default: main?.name ?? null,
        found: (await connections.find(main?.id ?? 0))?.status ?? null,
      };
    });
    router.post('/vault-create', async (ctx) => {
      const created = await ctx.state.deps.connections.create({ name: 'Cofre web', channel: 'webchat' });
      ctx.body = created;
    });
    router.get('/vault-session/:id', async (ctx) => {
      await ctx.state.deps.connections.session(Number(ctx.params.id));
      ctx.status = 204;
    });
    router.post('/vault-report/:id', async (ctx) => {
      await ctx.state.deps.connections.reportStatus(Number(ctx.params.id), { status: 'CONNECTED' });
      ctx.status = 204;
    });
  },
});

/** A plugin that needs company-bound ports on its own routes also has public routes and onBoot, which have no company. */
let booted = false;
const webhooky = definePlugin({
  name: 'webhooky-test',
  requires: ['connections', 'config', 'conversations'],
  async onBoot() {
    booted = true;
  },
  publicRoutes(router) {
    router.post('/webhooky/ping', (ctx) => {
      ctx.body = { raw: ctx.state.rawBody };
    });
    router.get('/webhooky/misuse', async (ctx) => {
      await ctx.state.deps.connections.list();
    });
  },
});

describe('plugin ports without a company (public routes, onBoot)', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await createTestHost({ plugins: [webhooky] });
  });
  afterAll(() => host?.stop());

  it('requiring company-bound ports does not stop onBoot or public routes; the raw body is theirs to verify', async () => {
    expect(booted).toBe(true);
    const res = await fetch(`${host.url}/webhooky/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{ "a":  1 }',
    });
    expect(await res.json()).toEqual({ raw: '{ "a":  1 }' });
  });

  it('using one there is refused (403 ERR_NO_PERMISSION, logged with the plugin’s name), never reaching another company', async () => {
    const res = await fetch(`${host.url}/webhooky/misuse`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });
});

describe('plugin ports: config (encrypted, per plugin and company) and connections', () => {
  let host: TestHost;
  let admin: string;

  beforeAll(async () => {
    host = await createTestHost({ plugins: [vault] });
    admin = (await host.login(host.admin.email, host.admin.password)).token;
  });
  afterAll(() => host?.stop());

  it('round-trips a value, keeps it encrypted at rest, and removes it with null', async () => {
    const put = await host.request('/api/vault-test/apiKey', {
      method: 'PUT',
      token: admin,
      body: { value: 'sk-very-secret' },
    });
    expect(put.status).toBe(204);
    const got = await (await host.request('/api/vault-test/apiKey', { token: admin })).json();
    expect(got).toEqual({ value: 'sk-very-secret', keys: ['apiKey'] });
    const [raw] = await sql<{ plugin: string; value: string }>(
      host,
      'select plugin, value from plugin_config',
    );
    expect(raw.plugin).toBe('vault-test');
    expect(raw.value).not.toContain('sk-very-secret');
    expect(raw.value).toMatch(/^v1:/);
    await host.request('/api/vault-test/apiKey', { method: 'PUT', token: admin, body: { value: null } });
    expect(await (await host.request('/api/vault-test/apiKey', { token: admin })).json()).toEqual({
      value: null,
      keys: [],
    });
  });

  it('keeps each company apart: another company reads nothing, and a copied value does not open', async () => {
    await host.request('/api/vault-test/apiKey', {
      method: 'PUT',
      token: admin,
      body: { value: 'company-1-key' },
    });
    const shop = await tenantWithAgent(host, admin, 'Loja Cofre');
    admin = (await host.login(host.admin.email, host.admin.password)).token;
    expect(await (await host.request('/api/vault-test/apiKey', { token: shop.adminToken })).json()).toEqual({
      value: null,
      keys: [],
    });
    // A value copied into the other company's row is bound to its own: opening it fails rather than leaking.
    await sql(
      host,
      'insert into plugin_config (company_id, plugin, key, value) select $1, plugin, key, value from plugin_config where company_id = 1',
      [shop.companyId],
    );
    expect((await host.request('/api/vault-test/apiKey', { token: shop.adminToken })).status).toBe(500);
  });

  it('refuses a bad key', async () => {
    const res = await host.request('/api/vault-test/has%20space', {
      method: 'PUT',
      token: admin,
      body: { value: 'x' },
    });
    expect(res.status).toBe(400);
  });

  it('lists the company connections, its default, and reports status only for its own channels', async () => {
    await host.request('/api/whatsapp', { token: admin, body: { name: 'Site', channel: 'webchat' } });
    await host.request('/api/whatsapp', { token: admin, body: { name: 'Balcão', channel: 'webchat' } });
    const body = await (await host.request('/api/vault-connections', { token: admin })).json();
    // The seed's web chat ("Chat do site") is the company's first connection, so its default.
    expect(body).toEqual({
      all: ['Balcão', 'Chat do site', 'Site'],
      webchat: ['Balcão', 'Chat do site', 'Site'],
      // Web chat reaches its own visitors only, never a phone number.
      phones: [],
      default: 'Chat do site',
      found: 'CONNECTED',
    });
    const [site] = await sql<{ id: number }>(host, "select id from whatsapps where name = 'Site'");
    expect(
      (await host.request(`/api/vault-report/${site.id}`, { method: 'POST', token: admin })).status,
    ).toBe(403);
    // Creating connections and opening their store are for the plugin's own channels too.
    expect((await host.request('/api/vault-create', { method: 'POST', token: admin })).status).toBe(403);
    expect((await host.request(`/api/vault-session/${site.id}`, { token: admin })).status).toBe(403);
  });
});
