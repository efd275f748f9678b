import { type ConnectionDto, defineChannel, definePlugin } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeWhatsappPlugin } from '../testing/fake-whatsapp-plugin.js';

/**
 * `conversations.connectionStore` on a public route (no company there, so no ConnectionsPort): a plugin opens the
 * store of connections of its own channels only — a webhook reads its page token, never a WhatsApp session's keys —
 * and only of connections that exist as described (a made-up id or company opens nothing).
 */
const probe = definePlugin({
  name: 'store-probe',
  requires: ['conversations'],
  contributes: { channels: [defineChannel({ kind: 'echo', send: async () => ({ ack: 1 }) })] },
  publicRoutes(router) {
    router.post('/store-probe', async (ctx) => {
      const input = z
        .object({ id: z.number(), companyId: z.number(), channel: z.enum(['echo', 'whatsapp']) })
        .parse(ctx.request.body);
      const store = await ctx.state.deps.conversations.connectionStore?.({
        ...input,
        name: 'x',
        token: 'x',
        greetingMessage: null,
        embedOrigins: [],
      });
      await store?.set('probe', 'sealed-value');
      ctx.body = { value: (await store?.get('probe')) ?? null };
    });
  },
});

let host: TestHost;
let echo: ConnectionDto;
let whatsapp: ConnectionDto;
beforeAll(async () => {
  host = await createTestHost({ plugins: [probe, fakeWhatsappPlugin] });
  const { token } = await host.login(host.admin.email, host.admin.password);
  const create = async (name: string, channel: string) =>
    (await (await host.request('/api/whatsapp', { token, body: { name, channel } })).json()) as ConnectionDto;
  echo = await create('Eco', 'echo');
  whatsapp = await create('Zap', 'whatsapp');
});
afterAll(() => host?.stop());

const open = (body: { id: number; companyId: number; channel: string }) =>
  host.request('/store-probe', { body });

describe('conversations.connectionStore', () => {
  it('opens the store of a connection of the plugin’s own channel, sealed like every connection store', async () => {
    const res = await open({ id: echo.id, companyId: 1, channel: 'echo' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ value: 'sealed-value' });
    const rows = await host
      .resolve<MikroORM>('orm')
      .em.getConnection()
      .execute<{ value: string }[]>(
        `select value from channel_session_data where connection_id = ? and key = 'probe'`,
        [echo.id],
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).not.toContain('sealed-value');
  });

  it('refuses another channel’s connection with 403 ERR_NO_PERMISSION', async () => {
    const res = await open({ id: whatsapp.id, companyId: 1, channel: 'whatsapp' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });

  it('a connection described wrongly (another company, another channel, no such id) is 404 ERR_NO_WAPP_FOUND', async () => {
    for (const body of [
      { id: echo.id, companyId: 2, channel: 'echo' },
      { id: whatsapp.id, companyId: 1, channel: 'echo' },
      { id: 999999, companyId: 1, channel: 'echo' },
    ]) {
      const res = await open(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(await res.json()).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    }
  });
});
