import type { EventsPort } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import { CompanySetting } from './setting.entity.js';
import { SettingsService } from './settings-service.js';

let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Ajustes Loja');
});
afterAll(() => host?.stop());

const put = (key: string, value: unknown, token = shop.adminToken) =>
  host.request(`/api/settings/${key}`, { method: 'PUT', token, body: { value } });

async function refused(res: Response, status = 400): Promise<unknown> {
  expect(res.status).toBe(status);
  return res.json();
}

describe('company settings: each key takes only what it may hold', () => {
  it('a choice takes one of its options; free text and links are checked', async () => {
    for (const [key, value] of [
      ['scheduleType', 'company'],
      ['chatBotType', 'text'],
      ['userRating', 'enabled'],
      ['lgpdMessage', 'Seus dados são tratados conforme a LGPD.'],
      ['lgpdLink', 'https://loja.example/privacidade'],
      ['lgpdLink', ''],
    ] as const) {
      const res = await put(key, value);
      expect(res.status, `${key}=${value}`).toBe(200);
      expect(await res.json()).toEqual({ key, value });
    }
    for (const [key, value] of [
      ['scheduleType', 'always'],
      ['userRating', 'true'],
      ['chatBotType', ''],
      // Spec part 2 §9: only text (buttons and lists were never implemented).
      ['chatBotType', 'list'],
      ['chatBotType', 'button'],
      ['lgpdLink', 'javascript:alert(1)'],
      ['lgpdMessage', 'x'.repeat(5001)],
      ['requiredTag', 42],
    ] as const) {
      expect(await refused(await put(key, value)), `${key}=${String(value).slice(0, 20)}`).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [expect.objectContaining({ path: 'value' })],
      });
    }
    const [stored] = (await (await host.request('/api/settings', { token: shop.adminToken })).json()).filter(
      (s: { key: string }) => s.key === 'scheduleType',
    );
    expect(stored.value).toBe('company');
  });

  it('the per-column form (PUT /companySettings) checks the same, and unknown keys are 404', async () => {
    const body = (column: string, data: string) => ({
      method: 'PUT',
      token: shop.adminToken,
      body: { column, data },
    });
    expect((await host.request('/api/companySettings', body('sendQueuePosition', 'enabled'))).status).toBe(
      200,
    );
    await refused(await host.request('/api/companySettings', body('sendQueuePosition', 'yes')));
    expect(await refused(await host.request('/api/companySettings', body('nope', 'enabled')), 404)).toEqual({
      error: 'ERR_NO_SETTING_FOUND',
    });
    expect(await refused(await put('nope', 'enabled'), 404)).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
  });

  it('userCreation is for super users, and enabled or disabled only', async () => {
    expect(await refused(await put('userCreation', 'enabled'), 403)).toEqual({ error: 'ERR_NO_PERMISSION' });
    await refused(await put('userCreation', 'sometimes', superToken));
    expect((await put('userCreation', 'enabled', superToken)).status).toBe(200);
  });

  it('an attendant cannot change settings', async () => {
    expect((await put('userRating', 'enabled', shop.agentToken)).status).toBe(403);
  });
});

describe('one setting written twice at once', () => {
  it('is announced in the order it was stored: the last value the screens hear is the one kept', async () => {
    const orm = host.resolve<MikroORM>('orm');
    const heard: string[] = [];
    /** Events that announce after `ms`: the first write's announcement is slow, the second's immediate. */
    const announcing = (ms: number) =>
      ({
        emit: async (_event: string, payload: { value: string }) => {
          await new Promise((r) => setTimeout(r, ms));
          heard.push(payload.value);
        },
      }) as unknown as EventsPort;
    const first = new SettingsService({ em: orm.em.fork(), events: announcing(150) });
    const second = new SettingsService({ em: orm.em.fork(), events: announcing(0) });
    await Promise.all([
      first.set(shop.companyId, 'sendQueuePosition', 'enabled'),
      second.set(shop.companyId, 'sendQueuePosition', 'disabled'),
    ]);
    const row = await orm.em
      .fork()
      .findOneOrFail(
        CompanySetting,
        { companyId: shop.companyId, key: 'sendQueuePosition' },
        { filters: false },
      );
    expect(heard).toEqual(['enabled', 'disabled']);
    expect(row.value).toBe(heard.at(-1));
  });
});
