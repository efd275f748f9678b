import { defineChannel, definePlugin, type PluginInfoDto } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every contribution kind under a flag of its own, in a plugin without one: what a tenant gets follows each flag.
const ran: string[] = [];
const trivial = (kind: 'facebook' | 'instagram', planFlag: 'useFacebook' | 'useInstagram') => ({
  ...defineChannel({ kind, send: async () => ({ ack: 1 }) }),
  planFlag,
});

const meta = definePlugin({
  name: 'meta-test',
  contributes: { channels: [trivial('facebook', 'useFacebook'), trivial('instagram', 'useInstagram')] },
  routes(router) {
    router.get('/meta-test/open', (ctx) => {
      ctx.body = { ok: true };
    });
  },
  flaggedRoutes: [
    {
      planFlag: 'useInstagram',
      routes(router) {
        router.get('/meta-test/instagram', (ctx) => {
          ctx.body = { companyId: ctx.state.companyId };
        });
      },
    },
  ],
  flaggedPublicRoutes: [
    {
      planFlag: 'useInstagram',
      companyOf: (ctx) => Number(ctx.params.companyId) || null,
      routes(router) {
        router.get('/meta-test-public/:companyId/ping', (ctx) => {
          ctx.body = { pong: ctx.params.companyId };
        });
      },
    },
  ],
  jobs: [
    {
      name: 'insta-job',
      planFlag: 'useInstagram',
      handler: async ({ companyId }) => {
        ran.push(`job:${companyId}`);
      },
    },
  ],
  subscribers: [
    {
      event: 'user.login',
      planFlag: 'useInstagram',
      handler: async (payload) => {
        ran.push(`login:${payload.companyId}`);
      },
    },
  ],
});

let host: TestHost;
let superToken: string;
const tenants: Record<'facebookOnly' | 'both', { token: string; companyId: number }> = {
  facebookOnly: { token: '', companyId: 0 },
  both: { token: '', companyId: 0 },
};

async function tenant(name: string, flags: Record<string, boolean>) {
  const t = await createTenant(host, superToken, { name, flags });
  await host.request(`/api/plans/${t.planId}`, {
    method: 'PUT',
    token: superToken,
    body: { connections: 5 },
  });
  return { token: (await host.login(t.email, t.password)).token, companyId: t.companyId };
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [meta] });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  tenants.facebookOnly = await tenant('Só Facebook', { useFacebook: true, useInstagram: false });
  tenants.both = await tenant('Facebook e Instagram', { useFacebook: true, useInstagram: true });
});
afterAll(() => host?.stop());

const connect = (token: string, channel: string) =>
  host.request('/api/whatsapp', { token, body: { name: `Conta ${channel}`, channel } });

describe('plan flags per contribution', () => {
  it('a tenant with only useFacebook creates a facebook connection and is refused an instagram one', async () => {
    const { token } = tenants.facebookOnly;
    expect((await connect(token, 'facebook')).status).toBe(201);
    const refused = await connect(token, 'instagram');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'ERR_CHANNEL_NOT_IN_PLAN' });
    expect((await connect(tenants.both.token, 'instagram')).status).toBe(201);
  });

  it('GET /api/plugins offers each tenant only the channels its plan has', async () => {
    const list = async (token: string) =>
      ((await (await host.request('/api/plugins', { token })).json()) as PluginInfoDto[]).find(
        (p) => p.name === 'meta-test',
      );
    const facebookOnly = await list(tenants.facebookOnly.token);
    expect(facebookOnly?.channels).toEqual(['facebook']);
    expect(facebookOnly?.channelTraits.map((c) => c.kind)).toEqual(['facebook']);
    expect((await list(tenants.both.token))?.channels).toEqual(['facebook', 'instagram']);
  });

  it('a flagged route answers 403 ERR_NO_PERMISSION without its flag; the plugin’s other routes stay open', async () => {
    const refused = await host.request('/api/meta-test/instagram', { token: tenants.facebookOnly.token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'ERR_NO_PERMISSION', planFlag: 'useInstagram' });
    expect((await host.request('/api/meta-test/instagram')).status).toBe(401);
    const allowed = await host.request('/api/meta-test/instagram', { token: tenants.both.token });
    expect(await allowed.json()).toEqual({ companyId: tenants.both.companyId });
    expect((await host.request('/api/meta-test/open', { token: tenants.facebookOnly.token })).status).toBe(
      200,
    );
  });

  it('a flagged public route refuses the tenant its credential names when the plan lacks the flag', async () => {
    const refused = await host.request(`/meta-test-public/${tenants.facebookOnly.companyId}/ping`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'ERR_NO_PERMISSION', planFlag: 'useInstagram' });
    const allowed = await host.request(`/meta-test-public/${tenants.both.companyId}/ping`);
    expect(await allowed.json()).toEqual({ pong: String(tenants.both.companyId) });
  });

  it('skips a flagged job for a tenant without the flag', async () => {
    ran.length = 0;
    await host.enqueue('meta-test:insta-job', { companyId: tenants.facebookOnly.companyId });
    await host.enqueue('meta-test:insta-job', { companyId: tenants.both.companyId });
    await eventually(() => (ran.includes(`job:${tenants.both.companyId}`) ? true : undefined));
    expect(ran).not.toContain(`job:${tenants.facebookOnly.companyId}`);
  });

  it('skips a flagged subscriber for a tenant without the flag', async () => {
    ran.length = 0;
    const fb = await createTenant(host, superToken, { name: 'Login FB', flags: { useInstagram: false } });
    const ig = await createTenant(host, superToken, { name: 'Login IG', flags: { useInstagram: true } });
    await host.login(fb.email, fb.password);
    await host.login(ig.email, ig.password);
    await eventually(() => (ran.includes(`login:${ig.companyId}`) ? true : undefined));
    expect(ran).not.toContain(`login:${fb.companyId}`);
  });
});
