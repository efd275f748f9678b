import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tour from './index.js';

// The tour's `config` door over real HTTP: the plugin's settings per company, encrypted at rest, never another's.

let host: TestHost;
let company1: string;
let other: string;

const put = (token: string, key: string, value: unknown) =>
  host.request(`/api/tour/layers/config/${encodeURIComponent(key)}`, {
    method: 'PUT',
    token,
    body: { value },
  });
const read = async (token: string, key: string) => {
  const res = await host.request(`/api/tour/layers/config/${encodeURIComponent(key)}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { value: string | null }).value;
};
const keys = async (token: string) => {
  const res = await host.request('/api/tour/layers/config', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: string[] }).keys;
};

beforeAll(async () => {
  host = await createTestHost({ plugins: [tour] });
  company1 = (await host.login(host.admin.email, host.admin.password)).token;
  const t = await createTenant(host, company1, { name: 'Layers Other', flags: { useIntegration: true } });
  other = (await host.login(t.email, t.password)).token;
});
afterAll(() => host?.stop());

describe('the config port, as a plugin uses it', () => {
  it('keeps a value for the company, lists its keys, and forgets it on null', async () => {
    expect((await put(company1, 'apiKey', 'sk-layers-123')).status).toBe(204);
    expect((await put(company1, 'webhook.secret', 'whsec-9')).status).toBe(204);
    expect(await read(company1, 'apiKey')).toBe('sk-layers-123');
    expect(await keys(company1)).toEqual(['apiKey', 'webhook.secret']);
    expect((await put(company1, 'webhook.secret', null)).status).toBe(204);
    expect(await read(company1, 'webhook.secret')).toBeNull();
    expect(await keys(company1)).toEqual(['apiKey']);
  });

  it('stores the value encrypted, never as written', async () => {
    const client = new pg.Client({ connectionString: host.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ value: string }>(
        "select value from plugin_config where plugin = 'tour' and key = 'apiKey'",
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].value).not.toContain('sk-layers-123');
    } finally {
      await client.end();
    }
  });

  it("another company reads none of it and its own value does not touch the first company's", async () => {
    expect(await read(other, 'apiKey')).toBeNull();
    expect(await keys(other)).toEqual([]);
    expect((await put(other, 'apiKey', 'sk-other')).status).toBe(204);
    expect(await read(other, 'apiKey')).toBe('sk-other');
    expect(await read(company1, 'apiKey')).toBe('sk-layers-123');
  });

  it('refuses hostile keys and values with 400 ERR_VALIDATION, storing nothing', async () => {
    for (const [key, value] of [
      ['with space', 'x'],
      ['a\u0000b', 'x'],
      ['x'.repeat(201), 'x'],
      ['nul', 'a\u0000b'],
      ['long', 'v'.repeat(4097)],
      ['blank', '   '],
      ['number', 42],
    ] as const) {
      const res = await put(company1, key, value);
      expect(res.status, key).toBe(400);
      expect(((await res.json()) as { error: string }).error, key).toBe('ERR_VALIDATION');
    }
    expect(await keys(company1)).toEqual(['apiKey']);
  });
});
