import { definePlugin } from '@balcao/sdk';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A flagged public group with `asTenant`: the credential names the company, and the ports answer for it (issue 29:
// the external messages API sends as the company its token belongs to).
const keyOf = (ctx: { params: Record<string, string> }) => Number(ctx.params.companyId) || null;
const queuesOf = async (deps: { queues: { list(): Promise<{ name: string }[]> } }) => {
  try {
    return { queues: (await deps.queues.list()).map((q) => q.name) };
  } catch (err) {
    return { refused: (err as { code?: string }).code };
  }
};

const api = definePlugin({
  name: 'as-tenant-test',
  requires: ['queues'],
  flaggedPublicRoutes: [
    {
      planFlag: 'useExternalApi',
      asTenant: true,
      companyOf: keyOf,
      routes(router) {
        router.get('/as-tenant/:companyId/queues', async (ctx) => {
          ctx.body = { companyId: ctx.state.companyId ?? null, ...(await queuesOf(ctx.state.deps)) };
        });
        // Inside a core prefix (beside the attendants' POST /api/messages/:ticketId): the public route answers.
        router.post('/api/messages/as-tenant/:companyId', (ctx) => {
          ctx.body = { companyId: ctx.state.companyId ?? null };
        });
      },
    },
    {
      planFlag: 'useExternalApi',
      companyOf: keyOf,
      routes(router) {
        router.get('/not-tenant/:companyId/queues', async (ctx) => {
          ctx.body = await queuesOf(ctx.state.deps);
        });
      },
    },
  ],
});

let host: TestHost;
let tenant: { companyId: number; token: string };

beforeAll(async () => {
  host = await createTestHost({ plugins: [api] });
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const t = await createTenant(host, superToken, { name: 'API SA', flags: { useExternalApi: true } });
  tenant = { companyId: t.companyId, token: (await host.login(t.email, t.password)).token };
  const queue = await host.request('/api/queue', {
    token: tenant.token,
    body: { name: 'Vendas API', color: '#00ff00', greetingMessage: '' },
  });
  expect(queue.status).toBe(201);
});
afterAll(() => host?.stop());

describe('flaggedPublicRoutes with asTenant', () => {
  it("binds the ports to the company companyOf names, and only to that company's rows", async () => {
    const answer = await (await host.request(`/as-tenant/${tenant.companyId}/queues`)).json();
    expect(answer).toEqual({ companyId: tenant.companyId, queues: ['Vendas API'] });
  });

  it("is reached inside a core route's prefix, before core's login guard", async () => {
    const res = await host.request(`/api/messages/as-tenant/${tenant.companyId}`, {
      method: 'POST',
      body: {},
    });
    expect(await res.json()).toEqual({ companyId: tenant.companyId });
  });

  it('leaves the ports unbound without asTenant, or when companyOf names nobody', async () => {
    expect(await (await host.request(`/not-tenant/${tenant.companyId}/queues`)).json()).toEqual({
      refused: 'ERR_NO_PERMISSION',
    });
    expect(await (await host.request('/as-tenant/0/queues')).json()).toEqual({
      companyId: null,
      refused: 'ERR_NO_PERMISSION',
    });
  });
});
