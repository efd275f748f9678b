import type { ConnectionDto, EventsPort, Logger, MessageDto, TicketDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { openSocket, type TestFrame } from '../../testing/tenant-fixtures.js';
import type { EarlyAcks } from './early-acks.js';
import { recordDelivered } from './outbound.js';

/**
 * A send whose echo overtook it (channel-neutral: Meta's is_echo, WhatsApp's own message from another device): the
 * channel's echo of the message, with the id the send answers, is ingested before the outbox records that id. The two
 * are one message: Balcão's own keeps the id, the echo's row goes, open conversations drop it live (`remove` frame),
 * and the ticket's last message and unread count stay what they would be without the echo.
 */
let host: TestHost;
let token: string;
let userId: number;
let connection: ConnectionDto;
let socket: Awaited<ReturnType<typeof openSocket>>;

const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await host.request(path, { ...init, token });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (res.status === 204 ? null : await res.json()) as T;
};
const inbound = async (body: Record<string, unknown>) => {
  const res = await host.request(`/test-channel/${connection.token}/inbound`, { body });
  expect(res.status).toBe(201);
  return (await res.json()) as { ticketId: number; messageId: number };
};
const messagesOf = async (ticketId: number) =>
  (await api<{ messages: MessageDto[] }>(`/api/messages/${ticketId}`)).messages;
const ticketOf = async (ticketId: number) => api<TicketDto>(`/api/tickets/${ticketId}`);
const outage = (down: boolean) =>
  host.request(`/test-channel/${connection.token}/outage`, { method: 'PUT', body: { down } });
const until = (check: () => Promise<boolean>) => eventually(async () => ((await check()) ? true : undefined));
/** Deps for recordDelivered whose events are the host's, each also kept in `emitted` (name and payload, in order). */
const recordingDeps = () => {
  const real = host.resolve<EventsPort>('events');
  const emitted: { event: string; payload: unknown }[] = [];
  const events: EventsPort = {
    emit: async (event, payload) => {
      emitted.push({ event, payload });
      await real.emit(event, payload);
    },
  };
  const deps = {
    orm: host.resolve<MikroORM>('orm'),
    events,
    logger: host.resolve<Logger>('logger'),
    earlyAcks: host.resolve<EarlyAcks>('earlyAcks'),
  };
  return { deps, emitted };
};
const rowsWithId = async (externalId: string) =>
  sql<{ id: string }>(host, 'select id from messages where external_id = $1', [externalId]);

beforeAll(async () => {
  host = await createTestHost({
    plugins: [fakeWhatsappPlugin],
    env: { OUTBOX_POLL_MS: '50', OUTBOX_RETRY_BASE_MS: '50', OUTBOX_MAX_ATTEMPTS: '2' },
  });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  userId = login.user.id;
  connection = await api<ConnectionDto>('/api/whatsapp', { body: { name: 'Fone eco', channel: 'whatsapp' } });
  socket = await openSocket(host.url, token);
});
afterAll(async () => {
  socket?.close();
  await host?.stop();
});

describe('a send whose echo was ingested first', () => {
  it('is one message: Balcão’s own, with the id; the echo leaves live, and quotes of it point at the one kept', async () => {
    const number = '5511977770001';
    const { ticketId } = await inbound({
      externalId: 'eco-in-1',
      from: { id: number, name: 'Ana' },
      body: 'Oi',
    });
    await api(`/api/tickets/${ticketId}`, { method: 'PUT', body: { status: 'open', userId } });
    expect((await outage(true)).status).toBe(204);
    const mine = await api<MessageDto>(`/api/messages/${ticketId}`, { body: { body: 'Eco antes da hora' } });
    await until(
      async () => (await messagesOf(ticketId)).find((m) => m.id === mine.id)?.deliveryError != null,
    );
    // The channel's echo of the send, and the contact's reply quoting it, arrive before the outbox records the id.
    const externalId = `fake-out-${mine.id}`;
    const echo = await inbound({ externalId, from: { id: number, name: '' }, body: mine.body, fromMe: true });
    await inbound({
      externalId: 'eco-in-2',
      from: { id: number, name: 'Ana' },
      body: 'Recebi',
      quotedExternalId: externalId,
    });
    expect((await messagesOf(ticketId)).filter((m) => m.body.includes('Eco antes da hora'))).toHaveLength(2);

    expect((await outage(false)).status).toBe(204);
    await api(`/api/messages/${mine.id}/retry`, { method: 'POST' });
    await until(async () => (await messagesOf(ticketId)).find((m) => m.id === mine.id)?.ack === 1);

    const messages = await messagesOf(ticketId);
    expect(messages.filter((m) => m.body.includes('Eco antes da hora')).map((m) => m.id)).toEqual([mine.id]);
    expect(await rowsWithId(externalId)).toEqual([{ id: String(mine.id) }]);
    expect(messages.find((m) => m.body === 'Recebi')?.quotedMsg?.id).toBe(mine.id);
    const removed = await eventually(() =>
      socket.frames.find((f: TestFrame) => f.channel.endsWith('-appMessage') && f.data.action === 'remove'),
    );
    expect(removed.data).toEqual({ action: 'remove', messageId: echo.messageId, ticketId, keptId: mine.id });
    // The contact wrote after the echo: the ticket still shows their message.
    expect((await ticketOf(ticketId)).lastMessage).toBe('Recebi');
  });

  it('keeps the ticket right: the last message read again when the echo was the newest; a bot’s unread count back', async () => {
    const number = '5511977770002';
    const first = await inbound({ externalId: 'eco-bot-1', from: { id: number, name: 'Bia' }, body: 'Olá' });
    await inbound({ externalId: 'eco-bot-2', from: { id: number, name: 'Bia' }, body: 'Alguém aí?' });
    const { ticketId } = first;
    expect((await ticketOf(ticketId)).unreadMessages).toBe(2);
    // A bot's message (no user), queued but not yet recorded as sent.
    const [bot] = await sql<{ id: string }>(
      host,
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, media_type)
       select company_id, id, contact_id, whatsapp_id, 'Já te respondo', true, true, 0, 'chat' from tickets where id = $1
       returning id`,
      [ticketId],
    );
    const botId = Number(bot?.id);
    // Its echo: stored as the account's message, it shows as the last message and clears the unread count.
    await inbound({
      externalId: 'eco-bot-out',
      from: { id: number, name: '' },
      body: 'Já te respondo!',
      fromMe: true,
    });
    expect(await ticketOf(ticketId)).toMatchObject({ lastMessage: 'Já te respondo!', unreadMessages: 0 });

    const { deps, emitted } = recordingDeps();
    await recordDelivered(deps, 1, ticketId, botId, { ack: 1, externalId: 'eco-bot-out' }, connection.id);
    expect(await rowsWithId('eco-bot-out')).toEqual([{ id: String(botId) }]);
    // The echo was in the message's own ticket: the ticket stays, updated.
    expect(await ticketOf(ticketId)).toMatchObject({ lastMessage: 'Já te respondo', unreadMessages: 2 });
    expect(emitted.map((e) => e.event)).toEqual(['message.removed', 'ticket.updated', 'message.ack']);
  });

  it('an echo that opened a new ticket (the attendant closed theirs meanwhile) takes that ticket with it', async () => {
    const number = '5511977770005';
    const { ticketId } = await inbound({
      externalId: 'eco-new-1',
      from: { id: number, name: 'Davi' },
      body: 'Oi',
    });
    await api(`/api/tickets/${ticketId}`, { method: 'PUT', body: { status: 'open', userId } });
    expect((await outage(true)).status).toBe(204);
    const mine = await api<MessageDto>(`/api/messages/${ticketId}`, { body: { body: 'Até logo' } });
    await until(
      async () => (await messagesOf(ticketId)).find((m) => m.id === mine.id)?.deliveryError != null,
    );
    expect((await outage(false)).status).toBe(204);
    // The attendant closes the ticket; then the channel's echo of the send arrives: with no ticket to go to (the
    // connection reopens none), its ingest opens a new one for the contact, holding only the echo.
    await api(`/api/tickets/${ticketId}`, { method: 'PUT', body: { status: 'closed' } });
    const externalId = `fake-out-${mine.id}`;
    const echo = await inbound({ externalId, from: { id: number, name: '' }, body: mine.body, fromMe: true });
    expect(echo.ticketId).not.toBe(ticketId);
    expect(await ticketOf(echo.ticketId)).toMatchObject({ status: 'pending', lastMessage: 'Até logo' });

    // The send is recorded (as the outbox does when the channel answers): the echo is adopted, its ticket left empty.
    const { deps, emitted } = recordingDeps();
    const since = socket.frames.length;
    await recordDelivered(deps, 1, ticketId, mine.id, { ack: 1, externalId }, connection.id);

    expect(await rowsWithId(externalId)).toEqual([{ id: String(mine.id) }]);
    expect(await sql(host, 'select id from tickets where id = $1', [echo.ticketId])).toEqual([]);
    expect(emitted.map((e) => e.event)).toEqual(['message.removed', 'ticket.deleted', 'message.ack']);
    expect(emitted[1]?.payload).toEqual({
      companyId: 1,
      ticketId: echo.ticketId,
      was: { userId: null, queueId: null, isGroup: false },
    });
    // Open ticket lists drop it.
    const deleted = await eventually(() =>
      socket.frames
        .slice(since)
        .find(
          (f: TestFrame) =>
            f.channel.endsWith('-ticket') && f.data.action === 'delete' && f.data.ticketId === echo.ticketId,
        ),
    );
    expect(deleted.data).toEqual({ action: 'delete', ticketId: echo.ticketId });
    // The attendant's ticket is what they left: closed, with their message.
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'closed', lastMessage: 'Até logo' });
    expect((await messagesOf(ticketId)).map((m) => m.id)).toContain(mine.id);
  });

  it('a ticket the attendant opened by hand meanwhile keeps the echo’s place: emptied, it stays theirs', async () => {
    const number = '5511977770006';
    const { ticketId } = await inbound({
      externalId: 'eco-hand-1',
      from: { id: number, name: 'Edu' },
      body: 'Oi',
    });
    await api(`/api/tickets/${ticketId}`, { method: 'PUT', body: { status: 'open', userId } });
    expect((await outage(true)).status).toBe(204);
    const mine = await api<MessageDto>(`/api/messages/${ticketId}`, { body: { body: 'Tchau' } });
    await until(
      async () => (await messagesOf(ticketId)).find((m) => m.id === mine.id)?.deliveryError != null,
    );
    expect((await outage(false)).status).toBe(204);
    await api(`/api/tickets/${ticketId}`, { method: 'PUT', body: { status: 'closed' } });
    // The attendant opens a new ticket for the contact at once; the echo then lands in it.
    const { contactId } = await ticketOf(ticketId);
    const mineNow = await api<TicketDto>('/api/tickets', {
      body: { contactId, whatsappId: connection.id, userId, status: 'open' },
    });
    const externalId = `fake-out-${mine.id}`;
    const echo = await inbound({ externalId, from: { id: number, name: '' }, body: mine.body, fromMe: true });
    expect(echo.ticketId).toBe(mineNow.id);

    const { deps, emitted } = recordingDeps();
    await recordDelivered(deps, 1, ticketId, mine.id, { ack: 1, externalId }, connection.id);
    expect(await rowsWithId(externalId)).toEqual([{ id: String(mine.id) }]);
    expect(await ticketOf(mineNow.id)).toMatchObject({ status: 'open', userId });
    expect(emitted.map((e) => e.event)).not.toContain('ticket.deleted');
  });

  it('an id held by another contact’s message is not taken over: the send is recorded without it', async () => {
    const { ticketId } = await inbound({
      externalId: 'eco-x-1',
      from: { id: '5511977770003', name: 'Caio' },
      body: 'Oi',
    });
    await api(`/api/tickets/${ticketId}`, { method: 'PUT', body: { status: 'open', userId } });
    expect((await outage(true)).status).toBe(204);
    const mine = await api<MessageDto>(`/api/messages/${ticketId}`, { body: { body: 'Para o Caio' } });
    await until(
      async () => (await messagesOf(ticketId)).find((m) => m.id === mine.id)?.deliveryError != null,
    );
    const other = await inbound({
      externalId: `fake-out-${mine.id}`,
      from: { id: '5511977770004', name: '' },
      body: 'Outro contato',
      fromMe: true,
    });
    expect((await outage(false)).status).toBe(204);
    await api(`/api/messages/${mine.id}/retry`, { method: 'POST' });
    await until(async () => (await messagesOf(ticketId)).find((m) => m.id === mine.id)?.ack === 1);
    expect(await rowsWithId(`fake-out-${mine.id}`)).toEqual([{ id: String(other.messageId) }]);
  });
});
