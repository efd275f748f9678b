import { type ConnectionDto, definePlugin, type MessageDto, type TicketDto, validate } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../testing/fake-whatsapp-plugin.js';
import { type TenantWithAgent, tenantWithAgent } from '../testing/tenant-fixtures.js';

/**
 * The attendance ports as a plugin uses them with `@balcao/sdk` alone: an auto-reply bot (a subscriber answering
 * through MessagesPort as Balcão), and routes that find or create contacts, list tickets by tag and close them. Every
 * port is bound to the company of the request or event: another company's ids find nothing.
 */
const autoReply = definePlugin({
  name: 'auto-reply',
  requires: ['messages', 'tickets', 'contacts', 'queues', 'users', 'media'],
  subscribers: [
    {
      event: 'message.created',
      handler: async (p, { messages, tickets }) => {
        if (p.kind !== 'inbound') return;
        const ticket = await tickets.find(p.ticketId);
        if (ticket?.status === 'pending')
          await messages.send({ ticketId: p.ticketId, body: 'Recebemos! Já respondemos.' });
      },
    },
  ],
  routes(router) {
    router.post('/auto-reply/contacts', async (ctx) => {
      const input = validate(z.object({ number: z.string(), name: z.string() }), ctx.request.body);
      ctx.body = await ctx.state.deps.contacts.findOrCreate(input);
    });
    router.post('/auto-reply/contact-ids', async (ctx) => {
      const input = validate(z.object({ number: z.string(), name: z.string() }), ctx.request.body);
      ctx.body = await ctx.state.deps.contacts.findOrCreateId(input);
    });
    router.get('/auto-reply/tickets', async (ctx) => {
      const tagId = ctx.query.tagId ? Number(ctx.query.tagId) : undefined;
      ctx.body = await ctx.state.deps.tickets.list({ tagId, status: 'open' });
    });
    router.post('/auto-reply/tickets', async (ctx) => {
      const input = validate(z.object({ contactId: z.number(), whatsappId: z.number() }), ctx.request.body);
      ctx.body = await ctx.state.deps.tickets.create({ ...input, status: 'open' }, ctx.state.user.id);
    });
    router.get('/auto-reply/tickets/:id', async (ctx) => {
      ctx.body = { ticket: await ctx.state.deps.tickets.find(Number(ctx.params.id)) };
    });
    router.post('/auto-reply/tickets/:id/close', async (ctx) => {
      ctx.body = await ctx.state.deps.tickets.close(Number(ctx.params.id), { byUserId: ctx.state.user.id });
    });
    router.post('/auto-reply/tickets/:id/note', async (ctx) => {
      ctx.body = await ctx.state.deps.messages.send({
        ticketId: Number(ctx.params.id),
        body: 'Cliente pediu retorno',
        isPrivate: true,
        asUserId: ctx.state.user.id,
      });
    });
    router.post('/auto-reply/tickets/:id/location', async (ctx) => {
      ctx.body = await ctx.state.deps.messages.send({
        ticketId: Number(ctx.params.id),
        location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja Centro' },
      });
    });
    router.post('/auto-reply/tickets/:id/file', async (ctx) => {
      const { media, messages } = ctx.state.deps;
      const file = await media.store({
        data: new TextEncoder().encode('%PDF-1.4 boleto'),
        fileName: 'boleto.pdf',
        mimeType: 'application/pdf',
      });
      const read = await media.read(file.url);
      const sent = await messages.send({
        ticketId: Number(ctx.params.id),
        body: 'Seu boleto',
        media: { url: file.url, type: file.type },
      });
      ctx.body = { file, read: read && new TextDecoder().decode(read.data), sent };
    });
    router.post('/auto-reply/tickets/:id/foreign-file', async (ctx) => {
      ctx.body = await ctx.state.deps.messages.send({
        ticketId: Number(ctx.params.id),
        media: { url: String(ctx.request.body && (ctx.request.body as { url: string }).url), type: 'image' },
      });
    });
    router.post('/auto-reply/tickets/:id/reply', async (ctx) => {
      ctx.body = await ctx.state.deps.messages.send({
        ticketId: Number(ctx.params.id),
        body: 'Respondendo a isto',
        quotedMsgId: Number((ctx.request.body as { quotedMsgId: number }).quotedMsgId),
      });
    });
    router.get('/auto-reply/directory', async (ctx) => {
      ctx.body = { queues: await ctx.state.deps.queues.list(), users: await ctx.state.deps.users.list() };
    });
  },
});

let host: TestHost;
let token: string;
let adminId: number;
let connection: ConnectionDto;
let other: TenantWithAgent;

const call = async (path: string, opts: { method?: string; body?: unknown; as?: string } = {}) =>
  host.request(path, { method: opts.method, body: opts.body, token: opts.as ?? token });

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin, autoReply] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  adminId = login.user.id;
  connection = await (await call('/api/whatsapp', { body: { name: 'Fone', channel: 'whatsapp' } })).json();
  other = await tenantWithAgent(host, token, 'Outra Loja');
});
afterAll(() => host?.stop());

describe('attendance ports', () => {
  it('a subscriber answers a new conversation as Balcão, through the outbox and the channel', async () => {
    const res = await host.request(`/test-channel/${connection.token}/inbound`, {
      body: { externalId: 'ports-1', from: { id: '5511955550001', name: 'Duda' }, body: 'Tem horário hoje?' },
    });
    const { ticketId } = await res.json();
    const reply = await eventually(async () => {
      const page = await (await call(`/api/messages/${ticketId}`)).json();
      return (page.messages as MessageDto[]).find((m) => m.fromMe);
    });
    expect(reply).toMatchObject({ body: 'Recebemos! Já respondemos.', userId: null, isPrivate: false });
    // A bot's message leaves like an attendant's: the fake WhatsApp servers received it.
    await eventually(async () => {
      const { messages } = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
      return messages.find((m: { messageId: number }) => m.messageId === reply.id);
    });
  });

  it('routes find or create contacts, list tickets by tag, send notes and locations, and close as the user', async () => {
    const first = await (
      await call('/api/auto-reply/contacts', {
        method: 'POST',
        body: { number: '+55 11 95555-0002', name: 'Edu' },
      })
    ).json();
    const again = await (
      await call('/api/auto-reply/contacts', {
        method: 'POST',
        body: { number: '5511955550002', name: 'Outro' },
      })
    ).json();
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ name: 'Edu', number: '5511955550002' });

    // The id-only door: the same contact for the same number however written, a new one created with the same rules.
    const idOf = async (number: string, name: string) =>
      (await (
        await call('/api/auto-reply/contact-ids', { method: 'POST', body: { number, name } })
      ).json()) as {
        id: number;
        created: boolean;
      };
    expect(await idOf('+55 (11) 95555-0002', 'Outro')).toEqual({ id: first.id, created: false });
    const made = await idOf('+55 11 95555-0003', 'Fabi');
    expect(made.created).toBe(true);
    expect(await idOf('5511955550003', 'Outra Fabi')).toEqual({ id: made.id, created: false });
    const byPort = await (
      await call('/api/auto-reply/contacts', { method: 'POST', body: { number: '5511955550003', name: 'X' } })
    ).json();
    expect(byPort).toMatchObject({ id: made.id, name: 'Fabi', number: '5511955550003' });

    const ticket = (await (
      await call('/api/auto-reply/tickets', {
        method: 'POST',
        body: { contactId: first.id, whatsappId: connection.id },
      })
    ).json()) as TicketDto;
    expect(ticket).toMatchObject({
      contactId: first.id,
      status: 'open',
      userId: adminId,
      whatsappId: connection.id,
    });
    const second = await call('/api/auto-reply/tickets', {
      method: 'POST',
      body: { contactId: first.id, whatsappId: connection.id },
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET' });
    const tag = await (await call('/api/tags', { body: { name: 'Retorno' } })).json();
    await call('/api/tags/sync', { body: { contactId: first.id, tags: [{ id: tag.id }] } });
    const tagged = (await (await call(`/api/auto-reply/tickets?tagId=${tag.id}`)).json()) as TicketDto[];
    expect(tagged.map((t) => t.id)).toEqual([ticket.id]);

    const note = (await (
      await call(`/api/auto-reply/tickets/${ticket.id}/note`, { method: 'POST' })
    ).json()) as MessageDto;
    expect(note).toMatchObject({
      isPrivate: true,
      userId: adminId,
      body: expect.stringContaining('Cliente pediu retorno'),
    });
    expect(await sql(host, 'select 1 from message_outbox where message_id = $1', [note.id])).toEqual([]);
    const place = (await (
      await call(`/api/auto-reply/tickets/${ticket.id}/location`, { method: 'POST' })
    ).json()) as MessageDto;
    expect(place).toMatchObject({ mediaType: 'locationMessage', userId: null });
    expect(place.body).toContain('maps.google.com/maps?q=-23.5505%2C-46.6333');

    const filed = await (await call(`/api/auto-reply/tickets/${ticket.id}/file`, { method: 'POST' })).json();
    expect(filed.file).toMatchObject({
      type: 'application',
      size: 15,
      url: expect.stringMatching(/^\/api\/media\/company1\//),
    });
    expect(filed.read).toBe('%PDF-1.4 boleto');
    expect(filed.sent).toMatchObject({
      mediaType: 'application',
      mediaUrl: filed.file.url,
      body: 'Seu boleto',
    });
    const served = await host.request(filed.file.url);
    expect(await served.text()).toBe('%PDF-1.4 boleto');
    // Another company's file (or any other URL) is not the company's store: refused, nothing stored.
    const foreign = await call(`/api/auto-reply/tickets/${ticket.id}/foreign-file`, {
      method: 'POST',
      body: { url: filed.file.url.replace('company1', 'company2') },
    });
    expect(foreign.status).toBe(400);

    const closed = await call(`/api/auto-reply/tickets/${ticket.id}/close`, { method: 'POST' });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ id: ticket.id, status: 'closed' });
    const [log] = await sql<{ user_id: number }>(
      host,
      `select user_id from ticket_logs where ticket_id = $1 and type = 'closed'`,
      [ticket.id],
    );
    expect(log?.user_id).toBe(adminId);

    const directory = await (await call('/api/auto-reply/directory')).json();
    expect(directory.users.map((u: { id: number }) => u.id)).toContain(adminId);
    expect(
      directory.users.every((u: Record<string, unknown>) => !('password' in u) && !('passwordHash' in u)),
    ).toBe(true);
  });

  it("another company's plugin calls find nothing of company 1", async () => {
    const [row] = await sql<{ id: number }>(
      host,
      'select id from tickets where company_id = 1 order by id limit 1',
    );
    const seen = await call(`/api/auto-reply/tickets/${row.id}`, { as: other.adminToken });
    expect(await seen.json()).toEqual({ ticket: null });
    const close = await call(`/api/auto-reply/tickets/${row.id}/close`, {
      method: 'POST',
      as: other.adminToken,
    });
    expect(close.status).toBe(404);
    const list = (await (
      await call('/api/auto-reply/tickets', { as: other.adminToken })
    ).json()) as TicketDto[];
    expect(list).toEqual([]);
    const directory = await (await call('/api/auto-reply/directory', { as: other.adminToken })).json();
    expect(directory.users.map((u: { id: number }) => u.id)).not.toContain(adminId);
  });

  it("a reply quotes a message of its own ticket; another ticket's message is refused", async () => {
    const say = async (number: string, externalId: string) => {
      const res = await host.request(`/test-channel/${connection.token}/inbound`, {
        body: { externalId, from: { id: number, name: 'Quem' }, body: 'Qual o prazo?' },
      });
      return ((await res.json()) as { ticketId: number; messageId: number }).ticketId;
    };
    const mine = await say('5511955550031', 'quote-1');
    const theirs = await say('5511955550032', 'quote-2');
    const first = async (ticketId: number) =>
      Number(
        (
          await sql<{ id: string }>(host, 'select min(id) as id from messages where ticket_id = $1', [
            ticketId,
          ])
        )[0]?.id,
      );
    const reply = await call(`/api/auto-reply/tickets/${mine}/reply`, {
      body: { quotedMsgId: await first(mine) },
    });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as MessageDto).quotedMsg).toMatchObject({
      body: 'Qual o prazo?',
      fromMe: false,
    });
    const foreign = await call(`/api/auto-reply/tickets/${mine}/reply`, {
      body: { quotedMsgId: await first(theirs) },
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });
});
