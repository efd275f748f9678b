import { type ConnectionDto, defineChannel, definePlugin } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeWhatsappPlugin } from '../testing/fake-whatsapp-plugin.js';

/**
 * `conversations.connectionStore` on a public route (no company there, so no ConnectionsPort): a plugin opens the
 * store of connections of its own channels only — a webhook reads its page token, never a WhatsApp session's keys —
 * and only through a handle core gave it (`connectionByToken`, `connectionByAccount`): an object it makes up, even
 * one describing a real connection, opens nothing.
 */
const probe = definePlugin({
  name: 'store-probe',
  requires: ['conversations'],
  contributes: { channels: [defineChannel({ kind: 'echo', send: async () => ({ ack: 1 }) })] },
  publicRoutes(router) {
    router.post('/store-probe', async (ctx) => {
      const input = z
        .object({
          token: z.string().optional(),
          id: z.number(),
          companyId: z.number(),
          channel: z.enum(['echo', 'whatsapp']),
        })
        .parse(ctx.request.body);
      const { conversations } = ctx.state.deps;
      const made = { ...input, name: 'x', token: 'x', greetingMessage: null, embedOrigins: [] };
      const handle = input.token ? await conversations.connectionByToken(input.token, input.channel) : made;
      const store = await conversations.connectionStore?.(handle ?? made);
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

const open = (body: { token?: string | null; id: number; companyId: number; channel: string }) =>
  host.request('/store-probe', { body });

describe('conversations.connectionStore', () => {
  it('opens the store of a connection of the plugin’s own channel, sealed like every connection store', async () => {
    const res = await open({ token: echo.token, id: 0, companyId: 0, channel: 'echo' });
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
    const res = await open({ token: whatsapp.token, id: 0, companyId: 0, channel: 'whatsapp' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });

  it('a made-up connection is 404 ERR_NO_WAPP_FOUND, even one describing a real connection exactly', async () => {
    for (const body of [
      { id: echo.id, companyId: 1, channel: 'echo' },
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
