import {
  type ConnectionDto,
  type ContactDto,
  definePlugin,
  type MessageDto,
  type SendToContactInput,
  type TicketDto,
  type TicketLogDto,
} from '@balcao/sdk';
import { createTestHost, eventually, type Kernel, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { startSecondInstance } from '../../testing/second-instance.js';
import { openSocket, type TestFrame } from '../../testing/tenant-fixtures.js';

/**
 * MessagesPort.sendToContact as a campaign plugin uses it: once per key whatever replays, instances or restarts come
 * between, on a ticket it opens as itself; held out of the attendants' sight until the contact answers.
 */
const campaigns = definePlugin({
  name: 'campaigns',
  requires: ['messages', 'contacts'],
  routes(router) {
    router.post('/campaigns/contacts', async (ctx) => {
      const { number, name } = ctx.request.body as { number: string; name: string };
      ctx.body = await ctx.state.deps.contacts.findOrCreate({ number, name });
    });
    router.post('/campaigns/send', async (ctx) => {
      ctx.body = await ctx.state.deps.messages.sendToContact(
        ctx.request.body as unknown as SendToContactInput,
      );
    });
  },
});
const PLUGINS = [fakeWhatsappPlugin, campaigns];

let host: TestHost;
let token: string;
let connection: ConnectionDto;

const post = (base: string, path: string, body: unknown, as = token) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
    body: JSON.stringify(body),
  });
const send = async (body: unknown, base = host.url) => post(base, '/api/campaigns/send', body);
const contact = async (number: string): Promise<ContactDto> =>
  (await post(host.url, '/api/campaigns/contacts', { number, name: `Cliente ${number}` })).json();
/** What the fake WhatsApp servers received for a message: how many times it was sent. */
const deliveries = async (messageId: number): Promise<number> => {
  const { messages } = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
  return (messages as { messageId: number }[]).filter((m) => m.messageId === messageId).length;
};
/** Waits for the message to reach the fake WhatsApp servers, then answers how many times it did. */
const deliveredTimes = (messageId: number): Promise<number> =>
  eventually(async () => {
    const n = await deliveries(messageId);
    return n > 0 ? n : undefined;
  });
/** A frame announcing a message of the ticket, or the ticket itself, to attendants. */
const created = (f: TestFrame, ticketId: number) =>
  f.channel.endsWith('-appMessage') &&
  f.data.action === 'create' &&
  (f.data.message as MessageDto).ticketId === ticketId;
const updated = (f: TestFrame, ticketId: number) =>
  f.channel.endsWith('-ticket') && f.data.action === 'update' && (f.data.ticket as TicketDto).id === ticketId;
const pendingList = async (): Promise<TicketDto[]> =>
  (await (await host.request('/api/tickets?status=pending&showAll=true', { token })).json()).tickets;
const searchList = async (): Promise<TicketDto[]> =>
  (await (await host.request('/api/tickets?showAll=true', { token })).json()).tickets;

beforeAll(async () => {
  host = await createTestHost({ plugins: PLUGINS });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  connection = await (
    await host.request('/api/whatsapp', { token, body: { name: 'Campanhas', channel: 'whatsapp' } })
  ).json();
});
afterAll(() => host?.stop());

describe('sendToContact', () => {
  it('opens a ticket as the plugin and sends once per key; a replay answers the first message', async () => {
    const ana = await contact('5511966660001');
    const input = {
      contactId: ana.id,
      connectionId: connection.id,
      body: 'Promoção!',
      idempotencyKey: 'camp-1:ana',
    };
    const first = (await (await send(input)).json()) as MessageDto;
    expect(first).toMatchObject({ body: 'Promoção!', fromMe: true, userId: null });
    const again = await send({ ...input, body: 'outro texto' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as MessageDto).id).toBe(first.id);
    expect(await deliveredTimes(first.id)).toBe(1);

    const ticket = (await pendingList()).find((t) => t.id === first.ticketId);
    expect(ticket).toMatchObject({ status: 'pending', contactId: ana.id, userId: null });
    const logs = (await (
      await host.request(`/api/tickets-log/${first.ticketId}`, { token })
    ).json()) as TicketLogDto[];
    expect(logs[0]).toMatchObject({ type: 'create', user: null, plugin: 'campaigns' });
    // Another key on the same contact goes on the same ticket.
    const next = (await (await send({ ...input, idempotencyKey: 'camp-2:ana' })).json()) as MessageDto;
    expect(next.id).not.toBe(first.id);
    expect(next.ticketId).toBe(first.ticketId);
  });

  it('concurrent sends with one key on two instances store and deliver one message', async () => {
    const second: Kernel = await startSecondInstance(host, { plugins: PLUGINS });
    try {
      const bia = await contact('5511966660002');
      const input = {
        contactId: bia.id,
        connectionId: connection.id,
        body: 'Oi Bia',
        idempotencyKey: 'camp-3:bia',
      };
      const answers = await Promise.all(
        [host.url, second.url, host.url, second.url].map(async (base) => send(input, base)),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as MessageDto).id)));
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      const stored = await sql(
        host,
        'select id from messages where ticket_id in (select id from tickets where contact_id = $1)',
        [bia.id],
      );
      expect(stored).toHaveLength(1);
      // One message, hence one outbox row (stored in its transaction): the servers got it once.
      expect(await deliveredTimes(id)).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('a replay on an instance started after the first send answers the same message and sends nothing', async () => {
    const caio = await contact('5511966660003');
    const input = {
      contactId: caio.id,
      connectionId: connection.id,
      body: 'Oi Caio',
      idempotencyKey: 'camp-4:caio',
    };
    const before = await startSecondInstance(host, { plugins: PLUGINS });
    const first = (await (await send(input, before.url)).json()) as MessageDto;
    await before.stop();
    const after = await startSecondInstance(host, { plugins: PLUGINS });
    try {
      const replay = (await (await send(input, after.url)).json()) as MessageDto;
      expect(replay.id).toBe(first.id);
    } finally {
      await after.stop();
    }
    expect(await sql(host, 'select id from messages where contact_id = $1', [caio.id])).toHaveLength(1);
  });

  it('holdUntilReply keeps the ticket out of lists and frames until the contact answers; then it is pending', async () => {
    const socket = await openSocket(host.url, token);
    try {
      const duda = await contact('5511966660004');
      const sent = (await (
        await send({
          contactId: duda.id,
          connectionId: connection.id,
          body: 'Sua fatura chegou',
          idempotencyKey: 'camp-5:duda',
          holdUntilReply: true,
        })
      ).json()) as MessageDto;
      expect(await deliveredTimes(sent.id)).toBe(1);
      const [held] = await sql<{ status: string }>(host, 'select status from tickets where id = $1', [
        sent.ticketId,
      ]);
      expect(held.status).toBe('held');
      // A send that is not held, after it: once its frame is in, the held one's would have been too.
      const eli = await contact('5511966660006');
      const marker = (await (
        await send({
          contactId: eli.id,
          connectionId: connection.id,
          body: 'Oi',
          idempotencyKey: 'camp-5:eli',
        })
      ).json()) as MessageDto;
      await eventually(() => socket.frames.find((f) => created(f, marker.ticketId)));
      expect(socket.frames.filter((f) => created(f, sent.ticketId) || updated(f, sent.ticketId))).toEqual([]);
      expect((await pendingList()).map((t) => t.id)).not.toContain(sent.ticketId);
      expect((await searchList()).map((t) => t.id)).not.toContain(sent.ticketId);

      const answered = await host.request(`/test-channel/${connection.token}/inbound`, {
        body: { externalId: 'duda-1', from: { id: '5511966660004', name: 'Duda' }, body: 'Quero pagar' },
      });
      expect(answered.status).toBe(201);
      await eventually(() => socket.frames.find((f) => created(f, sent.ticketId)));
      const listed = await eventually(async () => (await pendingList()).find((t) => t.id === sent.ticketId));
      expect(listed).toMatchObject({ status: 'pending', unreadMessages: 1 });
      const page = await (await host.request(`/api/messages/${sent.ticketId}`, { token })).json();
      expect((page.messages as MessageDto[]).map((m) => m.body)).toEqual([
        'Sua fatura chegou',
        'Quero pagar',
      ]);
    } finally {
      socket.close();
    }
  });

  it('refuses bad input with 4xx codes and stores nothing', async () => {
    const eva = await contact('5511966660005');
    const base = { contactId: eva.id, connectionId: connection.id, body: 'Oi', idempotencyKey: 'camp-6:eva' };
    const cases: [unknown, number, string][] = [
      [{ ...base, idempotencyKey: '' }, 400, 'ERR_VALIDATION'],
      [{ ...base, idempotencyKey: 'x'.repeat(201) }, 400, 'ERR_VALIDATION'],
      [{ ...base, idempotencyKey: 'a\u0000b' }, 400, 'ERR_VALIDATION'],
      [{ ...base, contactId: 2_147_483_648 }, 400, 'ERR_VALIDATION'],
      [{ ...base, connectionId: 2_147_483_648 }, 400, 'ERR_VALIDATION'],
      [{ ...base, body: 'a\u0000' }, 400, 'ERR_VALIDATION'],
      [{ ...base, body: '  ' }, 400, 'ERR_VALIDATION'],
      [{ ...base, contactId: 2_147_483_647 }, 404, 'ERR_NO_CONTACT_FOUND'],
      [{ ...base, connectionId: 2_147_483_647 }, 400, 'ERR_CONNECTION_CANNOT_REACH'],
    ];
    for (const [body, status, error] of cases) {
      const res = await send(body);
      expect({ body, status: res.status, error: (await res.json()).error }).toEqual({ body, status, error });
    }
    expect(await sql(host, 'select 1 from plugin_sends where idempotency_key = $1', ['camp-6:eva'])).toEqual(
      [],
    );
    expect(await sql(host, 'select 1 from tickets where contact_id = $1', [eva.id])).toEqual([]);
  });
});
