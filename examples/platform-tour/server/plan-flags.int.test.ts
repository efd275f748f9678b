import type { PlanDto, PluginInfoDto } from '@balcao/sdk';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tour from './index.js';

let host: TestHost;
let superToken: string;
let tenant: { planId: number; token: string };

const put = (body: unknown) =>
  host.request(`/api/plans/${tenant.planId}`, { method: 'PUT', token: superToken, body });
const tourOf = async (token: string, lang = 'en') => {
  const res = await host.request(`/api/plugins?lang=${lang}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as PluginInfoDto[]).find((p) => p.name === 'tour');
};

beforeAll(async () => {
  host = await createTestHost({ plugins: [tour] });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const shop = await createTenant(host, superToken, { name: 'Loja Tour', flags: { useIntegration: true } });
  tenant = { planId: shop.planId, token: (await host.login(shop.email, shop.password)).token };
});
afterAll(() => host?.stop());

describe('a plan flag the tour declares (useTour)', () => {
  it('GET /api/plugins lists the tour with its flag, labelled in the language asked', async () => {
    expect(await tourOf(superToken)).toEqual({
      name: 'tour',
      enabled: true,
      planFlag: 'useIntegration',
      planFlags: [{ key: 'useTour', labelKey: 'tour:planFlag', label: 'Platform tour' }],
      channels: [],
      channelTraits: [],
    });
    expect((await tourOf(superToken, 'pt-BR'))?.planFlags[0]?.label).toBe('Tour da plataforma');
    expect((await tourOf(superToken, 'tr'))?.planFlags[0]?.label).toBe('Platform turu');
    // Not a language: the user's own (none saved), then the browser's; the fallback (es) here.
    expect((await tourOf(superToken, 'xx'))?.planFlags[0]?.label).toBe('Recorrido por la plataforma');
  });

  it("the platform's seeded plan has it; a new plan does not, and its tenant is refused the flagged routes", async () => {
    expect((await host.request('/api/tour/plan-flags', { token: superToken })).status).toBe(200);
    const refused = await host.request('/api/tour/plan-flags', { token: tenant.token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'ERR_NO_PERMISSION', planFlag: 'useTour' });
    // The plugin's other routes follow its own flag (useIntegration), which the plan has.
    expect((await host.request('/api/tour', { token: tenant.token })).status).toBe(200);
  });

  it('a super admin switches it on in the plan: the tenant has the routes at once; off: refused again', async () => {
    const on = await put({ flags: { useTour: true } });
    expect(on.status).toBe(200);
    const plan = (await on.json()) as PlanDto;
    expect(plan.flags.useTour).toBe(true);
    // The core flags keep their fields (the spec's plan shape) and their values.
    expect(plan).toMatchObject({ useIntegration: true, useKanban: false });
    expect(await (await host.request('/api/tour/plan-flags', { token: tenant.token })).json()).toEqual({
      flag: 'useTour',
      companyId: expect.any(Number),
    });

    expect((await put({ flags: { useTour: false } })).status).toBe(200);
    expect((await host.request('/api/tour/plan-flags', { token: tenant.token })).status).toBe(403);
  });

  it('the plans list answers every stored flag; a core field wins over the same key in flags', async () => {
    const res = await put({ useKanban: true, flags: { useKanban: false, useTour: true } });
    expect(res.status).toBe(200);
    const plans = (await (await host.request('/api/plans', { token: superToken })).json()) as PlanDto[];
    const mine = plans.find((p) => p.id === tenant.planId);
    expect(mine).toMatchObject({
      useKanban: true,
      flags: { useKanban: true, useTour: true, useIntegration: true },
    });
    expect((await put({ flags: { useTour: false } })).status).toBe(200);
  });

  it('refuses a flag no plugin declares, a malformed key and a non-boolean value with 400', async () => {
    const unknown = await put({ flags: { useNobody: true } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'flags.useNobody', message: 'Unknown plan flag' }],
    });
    for (const flags of [{ 'use\u0000Tour': true }, { tour: true }, { useTour: 'yes' }, ['useTour']])
      expect((await put({ flags })).status).toBe(400);
    const created = await host.request('/api/plans', {
      token: superToken,
      body: { name: 'Plano Fantasma', flags: { useGhost: true } },
    });
    expect(created.status).toBe(400);
  });

  it('the tenant sees the tour listed as enabled, and the flag it lacks', async () => {
    expect(await tourOf(tenant.token)).toMatchObject({
      name: 'tour',
      enabled: true,
      planFlag: 'useIntegration',
    });
    expect((await put({ useIntegration: false })).status).toBe(200);
    // Without the plugin's own flag the tour is listed (its flags are on the plans dialog) but not enabled.
    expect(await tourOf(tenant.token)).toMatchObject({ name: 'tour', enabled: false });
    expect((await host.request('/api/tour', { token: tenant.token })).status).toBe(403);
    expect((await put({ useIntegration: true })).status).toBe(200);
  });
});
