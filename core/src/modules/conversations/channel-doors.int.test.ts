import type { ConnectionDto, DomainEventName, DomainEvents, MessageDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../events/event-bus.js';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { openSocket, type TestFrame } from '../../testing/tenant-fixtures.js';
import type { ConversationsService } from './conversations-service.js';

/**
 * The channel's doors for what happens to a message after it arrived (ConversationsPort.ack, edited, revoked): each
 * changes the message by the id the channel gave it, emits the catalogue's event, and attendants see it live because
 * the realtime fan-out subscribes to that event (no service publishes frames itself).
 */
let host: TestHost;
let token: string;
let adminId: number;
let connection: ConnectionDto;
let conversations: ConversationsService;
let socket: Awaited<ReturnType<typeof openSocket>>;
const seen: { event: DomainEventName; payload: unknown }[] = [];

async function call(path: string, method: string, body?: unknown) {
  const res = await host.request(path, { method, token, body });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.status === 204 ? null : res.json();
}

const channelConnection = async () => {
  const found = await conversations.connectionByToken(connection.token as string, 'whatsapp');
  if (!found) throw new Error('connection not found by token');
  return found;
};

const messageOf = async (ticketId: number, id: number): Promise<MessageDto | undefined> =>
  ((await call(`/api/messages/${ticketId}`, 'GET')).messages as MessageDto[]).find((m) => m.id === id);

/** The appMessage update frame for that message that satisfies `check`. */
const frameFor = (id: number, check: (m: MessageDto) => boolean) =>
  eventually(() =>
    socket.frames.find((f: TestFrame) => {
      const m = f.data.message as MessageDto | undefined;
      return f.channel.endsWith('-appMessage') && f.data.action === 'update' && m?.id === id && check(m);
    }),
  );

const recorded = <K extends DomainEventName>(event: K) =>
  seen.filter((s) => s.event === event).map((s) => s.payload as DomainEvents[K]);

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  adminId = login.user.id;
  connection = await call('/api/whatsapp', 'POST', { name: 'Fone portas', channel: 'whatsapp' });
  conversations = host.resolve<ConversationsService>('conversations');
  const bus = host.resolve<EventBus>('events');
  for (const event of ['message.ack', 'message.edited', 'message.deleted'] as const)
    bus.on(event, async (payload) => {
      seen.push({ event, payload });
    });
  socket = await openSocket(host.url, token);
});
afterAll(async () => {
  socket?.close();
  await host?.stop();
});

describe('channel doors after ingest', () => {
  it("the contact's edit and revoke change the message, emit message.edited / message.deleted, and show live", async () => {
    const res = await host.request(`/test-channel/${connection.token}/inbound`, {
      body: { externalId: 'door-in-1', from: { id: '5511955550001', name: 'Ana' }, body: 'Oi, tudo bem?' },
    });
    const { ticketId, messageId } = await res.json();
    const conn = await channelConnection();

    expect(await conversations.edited(conn, 'door-in-1', 'Oi, tudo bem? Preciso de ajuda')).toBe(true);
    expect(await messageOf(ticketId, messageId)).toMatchObject({
      body: 'Oi, tudo bem? Preciso de ajuda',
      isEdited: true,
    });
    await frameFor(messageId, (m) => m.isEdited && m.body === 'Oi, tudo bem? Preciso de ajuda');
    expect(recorded('message.edited')).toContainEqual({ companyId: 1, ticketId, messageId });
    // The same text again changes nothing; an id the connection never saw is not found.
    expect(await conversations.edited(conn, 'door-in-1', 'Oi, tudo bem? Preciso de ajuda')).toBe(false);
    expect(await conversations.edited(conn, 'door-unknown', 'x')).toBe(false);

    expect(await conversations.revoked(conn, 'door-in-1')).toBe(true);
    expect(await messageOf(ticketId, messageId)).toMatchObject({ isDeleted: true });
    await frameFor(messageId, (m) => m.isDeleted);
    expect(recorded('message.deleted')).toContainEqual({ companyId: 1, ticketId, messageId });
    expect(await conversations.revoked(conn, 'door-in-1')).toBe(false);
  });

  it('a later delivery state of a sent message raises its ack (never lowers it) and shows live', async () => {
    const res = await host.request(`/test-channel/${connection.token}/inbound`, {
      body: { externalId: 'door-in-2', from: { id: '5511955550002', name: 'Bruno' }, body: 'Olá' },
    });
    const { ticketId } = await res.json();
    await call(`/api/tickets/${ticketId}`, 'PUT', { status: 'open', userId: adminId });
    const sent = (await call(`/api/messages/${ticketId}`, 'POST', {
      body: 'Em que posso ajudar?',
    })) as MessageDto;
    // The fake WhatsApp answers ack 1 with the id `fake-out-{messageId}`.
    await eventually(async () => ((await messageOf(ticketId, sent.id))?.ack === 1 ? true : undefined));
    const conn = await channelConnection();

    expect(await conversations.ack(conn, `fake-out-${sent.id}`, 3)).toBe(true);
    expect((await messageOf(ticketId, sent.id))?.ack).toBe(3);
    await frameFor(sent.id, (m) => m.ack === 3);
    expect(recorded('message.ack')).toContainEqual({ companyId: 1, ticketId, messageId: sent.id, ack: 3 });
    expect(await conversations.ack(conn, `fake-out-${sent.id}`, 2)).toBe(false);
    expect((await messageOf(ticketId, sent.id))?.ack).toBe(3);
    expect(await conversations.ack(conn, 'door-unknown', 3)).toBe(false);
    await expect(conversations.ack(conn, `fake-out-${sent.id}`, 9)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });

  it('an ack that arrives before the outbox recorded the message’s channel id is applied when it is', async () => {
    const res = await host.request(`/test-channel/${connection.token}/inbound`, {
      body: { externalId: 'door-in-3', from: { id: '5511955550003', name: 'Carla' }, body: 'Oi' },
    });
    const { ticketId } = await res.json();
    await call(`/api/tickets/${ticketId}`, 'PUT', { status: 'open', userId: adminId });
    // Held back (due in an hour): the message is stored, not yet sent, and has no channel id.
    await sql(
      host,
      `alter table message_outbox alter column next_attempt_at set default now() + interval '1 hour'`,
    );
    let sent: MessageDto;
    try {
      sent = (await call(`/api/messages/${ticketId}`, 'POST', { body: 'Já volto' })) as MessageDto;
    } finally {
      await sql(host, 'alter table message_outbox alter column next_attempt_at set default now()');
    }
    // The channel's read receipt for the id the send will answer comes first: nothing has that id yet.
    expect(await conversations.ack(await channelConnection(), `fake-out-${sent.id}`, 3)).toBe(false);
    await sql(host, 'update message_outbox set next_attempt_at = now() where message_id = $1', [sent.id]);
    // The send answers ack 1 with that id; the held read receipt makes it 3, announced once.
    await frameFor(sent.id, (m) => m.ack === 3);
    expect((await messageOf(ticketId, sent.id))?.ack).toBe(3);
    expect(recorded('message.ack').filter((a) => a.messageId === sent.id)).toEqual([
      { companyId: 1, ticketId, messageId: sent.id, ack: 3 },
    ]);
  });
});
