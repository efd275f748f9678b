import {
  type ConnectionDto,
  definePlugin,
  type MessageDto,
  type TicketActor,
  type TicketDto,
} from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * TicketsPort with the plugin as the actor, on the rules a user's transitions keep: who the events name (nobody), the
 * farewell (the connection's, sent as Balcão), and what only a person does (accept).
 */
const campaigns = definePlugin({
  name: 'campaigns',
  requires: ['tickets', 'contacts'],
  subscribers: [
    {
      event: 'ticket.closed',
      handler: async (p) => {
        closedEvents.push(p as { ticketId: number; userId: number | null });
      },
    },
  ],
  routes(router) {
    router.post('/campaigns/contacts', async (ctx) => {
      const { number } = ctx.request.body as { number: string };
      ctx.body = await ctx.state.deps.contacts.findOrCreate({ number, name: number });
    });
    router.post('/campaigns/tickets', async (ctx) => {
      const body = ctx.request.body as { input: never; by: TicketActor };
      ctx.body = await ctx.state.deps.tickets.create(body.input, body.by);
    });
    router.post('/campaigns/tickets/:id/accept', async (ctx) => {
      ctx.body = await ctx.state.deps.tickets.accept(Number(ctx.params.id), 'plugin' as unknown as number);
    });
    router.post('/campaigns/tickets/:id/close', async (ctx) => {
      ctx.body = await ctx.state.deps.tickets.close(Number(ctx.params.id), {
        byUserId: 'plugin',
        farewell: true,
      });
    });
  },
});
const closedEvents: { ticketId: number; userId: number | null }[] = [];

let host: TestHost;
let token: string;
let adminId: number;
let connection: ConnectionDto;

const post = async (path: string, body: unknown = {}) => host.request(path, { token, method: 'POST', body });

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin, campaigns] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  adminId = login.user.id;
  connection = await (await post('/api/whatsapp', { name: 'Fone', channel: 'whatsapp' })).json();
  await sql(host, 'update whatsapps set complation_message = $1 where id = $2', ['Até logo!', connection.id]);
});
afterAll(() => host?.stop());

describe('the plugin as the actor of a transition', () => {
  it('opens a ticket for a named user only, and cannot accept one', async () => {
    const contact = await (await post('/api/campaigns/contacts', { number: '5511988880001' })).json();
    const input = { contactId: contact.id, whatsappId: connection.id, status: 'open' };
    const noUser = await post('/api/campaigns/tickets', { input, by: 'plugin' });
    expect(noUser.status).toBe(400);
    expect(await noUser.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'userId' }] });
    const opened = (await (
      await post('/api/campaigns/tickets', { input: { ...input, status: 'pending' }, by: 'plugin' })
    ).json()) as TicketDto;
    expect(opened).toMatchObject({ status: 'pending', userId: null });
    const accept = await post(`/api/campaigns/tickets/${opened.id}/accept`);
    expect(accept.status).toBe(404);
    expect(await accept.json()).toMatchObject({ error: 'ERR_NO_USER_FOUND' });
  });

  it("closes with the connection's farewell, sent as Balcão; the event names no user", async () => {
    const contact = await (await post('/api/campaigns/contacts', { number: '5511988880002' })).json();
    const opened = (await (
      await post('/api/campaigns/tickets', {
        input: { contactId: contact.id, whatsappId: connection.id, status: 'open', userId: adminId },
        by: 'plugin',
      })
    ).json()) as TicketDto;
    expect(opened).toMatchObject({ status: 'open', userId: adminId });
    const closed = (await (await post(`/api/campaigns/tickets/${opened.id}/close`)).json()) as TicketDto;
    expect(closed.status).toBe('closed');
    const page = await (await host.request(`/api/messages/${opened.id}`, { token })).json();
    expect((page.messages as MessageDto[]).map((m) => ({ body: m.body.trim(), userId: m.userId }))).toEqual([
      { body: expect.stringContaining('Até logo!'), userId: null },
    ]);
    expect(await eventually(() => closedEvents.find((e) => e.ticketId === opened.id))).toMatchObject({
      userId: null,
    });
  });
});
