import { definePlugin, type PluginInfoDto } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { openSocket } from '../../testing/tenant-fixtures.js';
import { MigrationPlans0003PlanflagsJsonb } from './migrations/plans-0003-planflags-jsonb.js';

// A plugin behind the flag it declares itself, and one that names that flag (declared by another plugin).
const own = definePlugin({
  name: 'own',
  planFlags: [{ key: 'useOwn', labelKey: 'own:flag' }],
  planFlag: 'useOwn',
  locales: { en: { flag: 'Own feature' } },
  routes(router) {
    router.get('/own', (ctx) => {
      ctx.body = { ok: true };
    });
  },
});
const borrower = definePlugin({ name: 'borrower', planFlag: 'useOwn' });
// Refused at boot, each for its own reason.
const clashesCore = definePlugin({
  name: 'clashes-core',
  planFlags: [{ key: 'useKanban', labelKey: 'x:y' }],
});
const clashesOwn = definePlugin({ name: 'clashes-own', planFlags: [{ key: 'useOwn', labelKey: 'x:y' }] });
const typo = definePlugin({ name: 'typo', planFlag: 'useNobody' });
const badKey = definePlugin({ name: 'bad-key', planFlags: [{ key: 'Own', labelKey: 'x:y' }] });

let host: TestHost;
let superToken: string;
const tenants: { companyId: number; planId: number; token: string }[] = [];

beforeAll(async () => {
  host = await createTestHost({ plugins: [own, borrower, clashesCore, clashesOwn, typo, badKey] });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  for (const name of ['Loja Um', 'Loja Dois']) {
    const t = await createTenant(host, superToken, { name, flags: { useKanban: true } });
    tenants.push({ ...t, token: (await host.login(t.email, t.password)).token });
  }
});
afterAll(() => host?.stop());

const plugins = async (token: string) =>
  (await (await host.request('/api/plugins?lang=en', { token })).json()) as PluginInfoDto[];

describe('plan flags declared by plugins', () => {
  it('disables a plugin that declares a core or taken flag, a malformed key, or names a flag nobody declares', async () => {
    const health = await (await host.request('/api/health')).json();
    expect(health.plugins.loaded).toEqual(['own', 'borrower']);
    expect(health.plugins.failed.sort()).toEqual(['bad-key', 'clashes-core', 'clashes-own', 'typo']);
  });

  it('a plugin behind its own flag: off for a new plan, on the moment a super admin switches it', async () => {
    const [one] = tenants;
    if (!one) throw new Error('no tenant');
    expect((await host.request('/api/own', { token: one.token })).status).toBe(403);
    expect((await plugins(one.token)).map((p) => [p.name, p.enabled])).toEqual([
      ['own', false],
      ['borrower', false],
    ]);
    const res = await host.request(`/api/plans/${one.planId}`, {
      method: 'PUT',
      token: superToken,
      body: { flags: { useOwn: true } },
    });
    expect(res.status).toBe(200);
    expect((await host.request('/api/own', { token: one.token })).status).toBe(200);
    expect((await plugins(one.token)).map((p) => [p.name, p.enabled])).toEqual([
      ['own', true],
      ['borrower', true],
    ]);
    expect((await plugins(one.token))[0]?.planFlags).toEqual([
      { key: 'useOwn', labelKey: 'own:flag', label: 'Own feature' },
    ]);
  });

  it("a plan change reaches the sockets of the plan's companies (company-{id}-plan), no other", async () => {
    const [one, two] = tenants;
    if (!one || !two) throw new Error('no tenants');
    const first = await openSocket(host.url, one.token);
    const second = await openSocket(host.url, two.token);
    const planFrames = (frames: { channel: string }[], companyId: number) =>
      frames.filter((f) => f.channel === `company-${companyId}-plan`);
    await host.request(`/api/plans/${one.planId}`, {
      method: 'PUT',
      token: superToken,
      body: { useCampaigns: true },
    });
    const [frame] = await eventually(() => {
      const got = planFrames(first.frames, one.companyId);
      return got.length ? got : undefined;
    });
    expect(frame).toEqual({
      channel: `company-${one.companyId}-plan`,
      data: { action: 'update', planId: one.planId },
    });
    // The second company is on another plan: nothing for it.
    expect(planFrames(second.frames, two.companyId)).toEqual([]);
    // Moving it onto that plan tells it.
    expect(
      (
        await host.request(`/api/companies/${two.companyId}`, {
          method: 'PUT',
          token: superToken,
          body: { planId: one.planId },
        })
      ).status,
    ).toBe(200);
    await eventually(() => (planFrames(second.frames, two.companyId).length === 1 ? true : undefined));
    first.close();
    second.close();
  });

  it("the migration's down() moves the core flags back to columns, and up() into the map again", async () => {
    const [one] = tenants;
    if (!one) throw new Error('no tenant');
    const run = async (step: 'up' | 'down') => {
      const migration = new MigrationPlans0003PlanflagsJsonb(null as never, null as never);
      await migration[step]();
      for (const statement of migration.getQueries()) await sql(host, String(statement));
    };
    await run('down');
    const [columns] = await sql(
      host,
      'select use_kanban, use_campaigns, use_whatsapp from plans where id = $1',
      [one.planId],
    );
    expect(columns).toEqual({ use_kanban: true, use_campaigns: true, use_whatsapp: false });
    await run('up');
    const [row] = await sql<{ flags: Record<string, boolean> }>(
      host,
      'select flags from plans where id = $1',
      [one.planId],
    );
    expect(row?.flags).toMatchObject({ useKanban: true, useCampaigns: true, useWhatsapp: false });
    expect(Object.keys(row?.flags ?? {})).toHaveLength(10);
  });
});
