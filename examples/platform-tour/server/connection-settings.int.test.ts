import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tour from './index.js';

/** A plugin's settings per connection (ConfigPort.forConnection), over real HTTP. */
let host: TestHost;
let token: string;
let other: string;
let connectionId: number;
let secondId: number;

const settingsOf = (id: number | string) => `/api/tour/connections/${id}/settings`;
const put = (id: number | string, key: string, value: string | null, t = token) =>
  host.request(`${settingsOf(id)}/${encodeURIComponent(key)}`, { token: t, method: 'PUT', body: { value } });
const read = async (id: number, key: string, t = token) =>
  ((await (await host.request(`${settingsOf(id)}/${key}`, { token: t })).json()) as { value: string | null })
    .value;
const keysOf = async (id: number) =>
  ((await (await host.request(settingsOf(id), { token })).json()) as { keys: string[] }).keys;
const newConnection = async (name: string) =>
  (
    (await (await host.request('/api/whatsapp', { token, body: { name, channel: 'whatsapp' } })).json()) as {
      id: number;
    }
  ).id;

beforeAll(async () => {
  host = await createTestHost({ plugins: [tour] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  const t = await createTenant(host, token, { name: 'Settings Other', flags: { useIntegration: true } });
  other = (await host.login(t.email, t.password)).token;
  connectionId = await newConnection('Vendas');
  secondId = await newConnection('Suporte');
});
afterAll(() => host?.stop());

describe("a plugin's settings per connection", () => {
  it('keeps each connection its own values, apart from the company-wide ones', async () => {
    expect((await put(connectionId, 'promptId', '7')).status).toBe(204);
    expect((await put(secondId, 'promptId', '9')).status).toBe(204);
    expect(await read(connectionId, 'promptId')).toBe('7');
    expect(await read(secondId, 'promptId')).toBe('9');
    expect(await keysOf(connectionId)).toEqual(['promptId']);
    // The company's own configuration does not list them, and cannot write under a connection's prefix.
    const own = (await (await host.request('/api/tour/layers/config', { token })).json()) as {
      keys: string[];
    };
    expect(own.keys).not.toContain('promptId');
    expect(own.keys.some((k) => k.startsWith('connection:'))).toBe(false);
    const forged = await host.request(
      `/api/tour/layers/config/${encodeURIComponent(`connection:${secondId}:promptId`)}`,
      {
        token,
        method: 'PUT',
        body: { value: '666' },
      },
    );
    expect(forged.status).toBe(400);
    expect(await read(secondId, 'promptId')).toBe('9');
    expect((await put(connectionId, 'promptId', null)).status).toBe(204);
    expect(await read(connectionId, 'promptId')).toBeNull();
  });

  it("answers another company's connection 404 ERR_NO_WAPP_FOUND, and bad ids 400", async () => {
    const res = await put(secondId, 'promptId', '1', other);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('ERR_NO_WAPP_FOUND');
    expect((await host.request(settingsOf(secondId), { token: other })).status).toBe(404);
    expect(await read(secondId, 'promptId')).toBe('9');
    for (const bad of ['0', '2147483648', 'abc']) expect((await put(bad, 'k', 'v')).status).toBe(400);
  });

  it('forgets a connection’s settings when the connection is deleted', async () => {
    const doomed = await newConnection('Temporária');
    expect((await put(doomed, 'promptId', '3')).status).toBe(204);
    expect((await host.request(`/api/whatsapp/${doomed}`, { token, method: 'DELETE' })).status).toBe(204);
    const db = new pg.Client({ connectionString: host.databaseUrl });
    await db.connect();
    try {
      const left = await db.query('select key from plugin_config where key like $1', [
        `connection:${doomed}:%`,
      ]);
      expect(left.rows).toEqual([]);
      // The other connections' settings stay.
      const kept = await db.query('select key from plugin_config where key like $1', [
        `connection:${secondId}:%`,
      ]);
      expect(kept.rows).toHaveLength(1);
    } finally {
      await db.end();
    }
  });
});
