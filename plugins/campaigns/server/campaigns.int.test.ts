import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDto, CampaignPageDto } from '../shared/campaign.js';
import type { CampaignSettingsDto } from '../shared/settings.js';
import campaigns from './index.js';

/** Campaign records and settings through the spec's calls: validation, statuses and the edit rule, plan gating. */
let host: TestHost;
let token: string;
let connectionId: number;
let tagId: number;

const call = async <T>(path: string, method = 'GET', body?: unknown, as = token) => {
  const res = await host.request(path, { token: as, method, body });
  return { status: res.status, body: (await res.json()) as T };
};
const base = () => ({
  name: 'Black Friday',
  message1: 'Oi {nome}',
  tagListId: tagId,
  whatsappId: `${connectionId}`,
});
const create = async (extra: Record<string, unknown> = {}) => {
  const res = await call<CampaignDto>('/api/campaigns', 'POST', { ...base(), ...extra });
  expect(res.status).toBe(201);
  return res.body;
};
const fields = (body: unknown) => (body as { fields: { path: string; message: string }[] }).fields;

beforeAll(async () => {
  host = await createTestHost({ plugins: [contactLists, campaigns] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  connectionId = (
    await call<{ id: number }>('/api/whatsapp', 'POST', { name: 'Vendas', channel: 'whatsapp' })
  ).body.id;
  tagId = (await call<{ id: number }>('/api/tags', 'POST', { name: 'Clientes VIP', color: '#aa3300' })).body
    .id;
});
afterAll(() => host?.stop());

describe('campaign records', () => {
  it('creates INATIVA without a date and PROGRAMADA with one, lists and finds them', async () => {
    const inactive = await create();
    expect(inactive).toMatchObject({
      status: 'INATIVA',
      whatsappId: `${connectionId}`,
      confirmation: false,
      withinBusinessHours: false,
      pausedUntil: null,
    });
    expect((await create({ name: 'Horário', withinBusinessHours: true })).withinBusinessHours).toBe(true);
    const at = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const scheduled = await create({ name: 'Natal', scheduledAt: at });
    expect(scheduled).toMatchObject({ status: 'PROGRAMADA', scheduledAt: at });
    const page = await call<CampaignPageDto>('/api/campaigns?searchParam=nat&pageNumber=1');
    expect(page.body.records.map((c) => c.id)).toEqual([scheduled.id]);
    expect((await call<CampaignDto>(`/api/campaigns/${inactive.id}`)).body.name).toBe('Black Friday');
  });

  it('refuses hostile and incomplete input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'A' }, 'name', 'Too Short!'],
      [{ name: 'x'.repeat(51) }, 'name', 'Too Long!'],
      [{ name: 'Oi\u0000' }, 'name', 'Invalid character'],
      [{ message1: '' }, 'message1', 'Required'],
      [{ message2: 'a'.repeat(5000) }, 'message2', 'Too Long!'],
      [{ confirmation: true }, 'confirmationMessage1', 'Required'],
      [{ tagListId: null }, 'contactListId', 'Required'],
      [{ contactListId: 1 }, 'contactListId', 'Required'],
      [{ tagListId: 2 ** 31 }, 'tagListId', 'Invalid id'],
      [{ whatsappId: '' }, 'whatsappId', 'Required'],
      [{ scheduledAt: '2026-02-30T10:00:00Z' }, 'scheduledAt', 'Invalid date'],
      [{ scheduledAt: 'tomorrow' }, 'scheduledAt', 'Invalid date'],
      [{ withinBusinessHours: 'sometimes' }, 'withinBusinessHours', 'Invalid option'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await call('/api/campaigns', 'POST', { ...base(), ...patch });
      expect(res.status, path).toBe(400);
      expect(fields(res.body), JSON.stringify(patch)).toContainEqual({ path, message });
    }
    expect((await call('/api/campaigns/99999999999')).status).toBe(400);
    expect((await call('/api/campaigns?pageNumber=0')).status).toBe(400);
  });

  it("refuses another company's or an unknown tag and connection", async () => {
    const unknownTag = await call('/api/campaigns', 'POST', { ...base(), tagListId: 999_999 });
    expect(fields(unknownTag.body)).toContainEqual({ path: 'tagListId', message: 'Unknown tag' });
    const unknownConnection = await call('/api/campaigns', 'POST', {
      ...base(),
      whatsappId: `${connectionId},999999`,
    });
    expect(fields(unknownConnection.body)).toContainEqual({ path: 'whatsappId', message: 'Unknown' });
  });

  it('keeps the one-hour edit rule: a date more than an hour away is editable, within the hour is not', async () => {
    const scheduledAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const far = await create({ scheduledAt });
    const edited = await call<CampaignDto>(`/api/campaigns/${far.id}`, 'PUT', {
      ...base(),
      scheduledAt,
      name: 'Outro nome',
    });
    expect(edited.body).toMatchObject({ name: 'Outro nome', status: 'PROGRAMADA' });
    // Without a date again: back to INATIVA.
    const undated = await call<CampaignDto>(`/api/campaigns/${far.id}`, 'PUT', {
      ...base(),
      scheduledAt: null,
    });
    expect(undated.body.status).toBe('INATIVA');
    const near = await create({ scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString() });
    const refused = await call<{ error: string }>(`/api/campaigns/${near.id}`, 'PUT', {
      ...base(),
      name: 'Tarde',
    });
    expect(refused).toMatchObject({ status: 409, body: { error: 'campaigns:ERR_CAMPAIGN_NOT_EDITABLE' } });
  });

  it('cancels a scheduled campaign, keeps only its messages editable, and refuses impossible transitions', async () => {
    const c = await create({ scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString() });
    const wrongRestart = await call<{ error: string }>(`/api/campaigns/${c.id}/restart`, 'POST', {});
    expect(wrongRestart).toMatchObject({
      status: 409,
      body: { error: 'campaigns:ERR_CAMPAIGN_INVALID_TRANSITION' },
    });
    const cancelled = await call<CampaignDto>(`/api/campaigns/${c.id}/cancel`, 'POST', {});
    expect(cancelled.body.status).toBe('CANCELADA');
    expect((await call(`/api/campaigns/${c.id}/cancel`, 'POST', {})).status).toBe(409);
    const saved = await call<CampaignDto>(`/api/campaigns/${c.id}`, 'PUT', {
      ...base(),
      name: 'Ignorado',
      message1: 'Nova mensagem',
      message2: 'Outra',
    });
    expect(saved.body).toMatchObject({
      status: 'CANCELADA',
      name: 'Black Friday',
      message1: 'Nova mensagem',
      message2: 'Outra',
    });
    const inactive = await create();
    expect((await call(`/api/campaigns/${inactive.id}/cancel`, 'POST', {})).status).toBe(409);
  });

  it('deletes a campaign', async () => {
    const c = await create();
    expect((await call(`/api/campaigns/${c.id}`, 'DELETE')).status).toBe(200);
    expect(await call(`/api/campaigns/${c.id}`)).toMatchObject({
      status: 404,
      body: { error: 'campaigns:ERR_CAMPAIGN_NOT_FOUND' },
    });
  });
});

describe('campaign settings', () => {
  it('answers the spec defaults, then what was saved', async () => {
    expect((await call<CampaignSettingsDto>('/api/campaign-settings')).body).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      dailyLimitPerConnection: 0,
      variables: [],
      optOutWords: ['sair', 'parar', 'stop', 'descadastrar', 'cancelar'],
    });
    const settings = {
      messageInterval: 5,
      longerIntervalAfter: 10,
      greaterInterval: 30,
      dailyLimitPerConnection: 250,
      variables: [{ key: 'cupom', value: 'X10' }],
      optOutWords: [' Chega ', 'chega', 'BASTA'],
    };
    // Stop words are kept trimmed, lower-case and once each.
    const saved = { ...settings, optOutWords: ['chega', 'basta'] };
    expect((await call('/api/campaign-settings', 'POST', { settings })).body).toEqual(saved);
    expect((await call('/api/campaign-settings')).body).toEqual(saved);
  });

  it('refuses options the page does not offer and a repeated variable key', async () => {
    const bad = await call('/api/campaign-settings', 'POST', { settings: { messageInterval: 7 } });
    expect(fields(bad.body)).toContainEqual({ path: 'settings.messageInterval', message: 'Invalid option' });
    const repeated = await call('/api/campaign-settings', 'POST', {
      settings: {
        variables: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      },
    });
    expect(fields(repeated.body)).toContainEqual({
      path: 'settings.variables.1.key',
      message: 'Repeated option',
    });
    // A contact always keeps a way out: at least one stop word, each a word of at most 30 characters.
    const words = async (optOutWords: unknown) =>
      fields((await call('/api/campaign-settings', 'POST', { settings: { optOutWords } })).body);
    expect(await words([])).toContainEqual({ path: 'settings.optOutWords', message: 'Required' });
    expect(await words(['  '])).toContainEqual({ path: 'settings.optOutWords.0', message: 'Required' });
    expect(await words(['x'.repeat(31)])).toContainEqual({
      path: 'settings.optOutWords.0',
      message: 'Too Long!',
    });
    expect(await words(['sa\u0000ir'])).toContainEqual({
      path: 'settings.optOutWords.0',
      message: 'Invalid character',
    });
    expect(await words('sair')).toContainEqual(expect.objectContaining({ path: 'settings.optOutWords' }));
  });

  it('takes a daily cap per connection of 0 (none) to 100,000 whole messages, with a clear error otherwise', async () => {
    const cap = async (dailyLimitPerConnection: unknown) =>
      call<CampaignSettingsDto>('/api/campaign-settings', 'POST', { settings: { dailyLimitPerConnection } });
    for (const [value, message] of [
      ['', 'Required'],
      [' ', 'Required'],
      ['abc', 'Invalid limit'],
      [-1, 'Invalid limit'],
      [2.5, 'Invalid limit'],
      [100_001, 'Invalid limit'],
    ] as const) {
      const res = await cap(value);
      expect(res.status).toBe(400);
      expect(fields(res.body)).toEqual([{ path: 'settings.dailyLimitPerConnection', message }]);
    }
    expect((await cap('300')).body.dailyLimitPerConnection).toBe(300);
    expect((await cap(0)).body.dailyLimitPerConnection).toBe(0);
  });
});

describe('plan gating', () => {
  it('answers 403 to a tenant whose plan lacks useCampaigns', async () => {
    const t = await createTenant(host, token, { name: 'Sem Campanhas', flags: { useCampaigns: false } });
    const other = (await host.login(t.email, t.password)).token;
    for (const [path, method] of [
      ['/api/campaigns', 'GET'],
      ['/api/campaigns', 'POST'],
      ['/api/campaign-settings', 'GET'],
    ] as const)
      expect((await call(path, method, method === 'POST' ? base() : undefined, other)).status).toBe(403);
  });
});
