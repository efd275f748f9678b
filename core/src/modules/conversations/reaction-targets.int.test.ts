import type { ConnectionDto, DomainEvents, IngestResult, MessageDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../events/event-bus.js';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * What a contact's reaction or quoted reply points at (balcao_ingest v7): the channel's id of the target
 * (InboundMessage.quotedExternalId) becomes the message's quoted_msg_id when it is the same contact's message on the
 * same connection; otherwise the message is stored unlinked. And a reaction is never deleted through the message
 * delete route. The channel is the fake WhatsApp (its attendants' messages get the id `fake-out-{messageId}`).
 * And a reaction is find-only (balcao_ingest v8, peer spec §1.3 point 5): it never creates or reopens a ticket.
 */
let host: TestHost;
let admin: string;
let adminId: number;
let connection: ConnectionDto;
let seq = 0;
/** The ticket and message events heard, in order. */
const heard: { event: string; ticketId: number; messageId?: number }[] = [];

interface Said {
  externalId?: string;
  from: string;
  body: string;
  mediaType?: string;
  quotedExternalId?: string;
}

/** The contact writes (or reacts) at the fake WhatsApp's edge, on `conn` (the test's connection by default). */
async function inbound(said: Said, conn = connection): Promise<IngestResult> {
  seq += 1;
  const res = await host.request(`/test-channel/${conn.token}/inbound`, {
    body: {
      externalId: said.externalId ?? `wa-rt-${seq}-${Date.now()}`,
      from: { id: said.from, name: 'Bia' },
      body: said.body,
      mediaType: said.mediaType,
      quotedExternalId: said.quotedExternalId,
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as IngestResult;
}

/** The same, stored. */
async function contactSays(
  said: Said,
  conn = connection,
): Promise<Extract<IngestResult, { outcome: 'stored' }>> {
  const result = await inbound(said, conn);
  expect(result.outcome).toBe('stored');
  return result as Extract<IngestResult, { outcome: 'stored' }>;
}

const number = () => `5511977${String(Date.now() + seq++).slice(-6)}`;

/**
 * A conversation the admin accepted, and the admin's reply once WhatsApp has it (its external id); `asked` is the
 * contact's first message's WhatsApp id.
 */
async function answeredConversation(
  conn = connection,
): Promise<{ ticketId: number; from: string; reply: MessageDto; asked: string }> {
  const from = number();
  const asked = `wa-asked-${seq}-${Date.now()}`;
  const { ticketId } = await contactSays({ externalId: asked, from, body: 'Qual o prazo?' }, conn);
  const put = await host.request(`/api/tickets/${ticketId}`, {
    method: 'PUT',
    token: admin,
    body: { status: 'open', userId: adminId },
  });
  expect(put.status).toBe(200);
  const sent = await host.request(`/api/messages/${ticketId}`, { token: admin, body: { body: 'Amanhã' } });
  expect(sent.status).toBe(201);
  const reply = (await sent.json()) as MessageDto;
  await eventually(async () =>
    (await row(reply.id)).external_id === `fake-out-${reply.id}` ? true : undefined,
  );
  return { ticketId, from, reply, asked };
}

/** The same conversation, then closed by the admin. */
async function closedConversation(conn = connection) {
  const answered = await answeredConversation(conn);
  const put = await host.request(`/api/tickets/${answered.ticketId}`, {
    method: 'PUT',
    token: admin,
    body: { status: 'closed' },
  });
  expect(put.status).toBe(200);
  expect((await ticketState(answered.ticketId)).status).toBe('closed');
  return answered;
}

const row = async (id: number) =>
  (
    await sql<{
      quoted_msg_id: string | null;
      external_id: string | null;
      body: string;
      is_deleted: boolean;
    }>(host, 'select quoted_msg_id, external_id, body, is_deleted from messages where id = $1', [id])
  )[0]!;

const ticketRow = async (id: number) =>
  (
    await sql<{ last_message: string; unread_messages: number }>(
      host,
      'select last_message, unread_messages from tickets where id = $1',
      [id],
    )
  )[0]!;

/** All a ticket's row a reaction could change. */
const ticketState = async (id: number) =>
  (
    await sql<{
      status: string;
      user_id: number | null;
      last_message: string;
      unread_messages: number;
      updated_at: Date;
    }>(
      host,
      'select status, user_id, last_message, unread_messages, updated_at, finished_at from tickets where id = $1',
      [id],
    )
  )[0]!;

/** The contact's tickets (on any connection) and how many messages they hold. */
const ticketsOf = (from: string) =>
  sql<{ id: number; status: string; messages: number }>(
    host,
    `select t.id, t.status, (select count(*)::int from messages m where m.ticket_id = t.id) as messages
       from tickets t join contacts c on c.id = t.contact_id where c.number = $1 order by t.id`,
    [from],
  );

async function shown(ticketId: number, messageId: number): Promise<MessageDto | undefined> {
  const res = await host.request(`/api/messages/${ticketId}`, { token: admin });
  const { messages } = (await res.json()) as { messages: MessageDto[] };
  return messages.find((m) => m.id === messageId);
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin], env: { OUTBOX_POLL_MS: '50' } });
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  const res = await host.request('/api/whatsapp', {
    token: admin,
    body: { name: 'Alvos', channel: 'whatsapp' },
  });
  expect(res.status).toBe(201);
  connection = (await res.json()) as ConnectionDto;
  const bus = host.resolve<EventBus>('events');
  const hear = (event: 'ticket.created' | 'ticket.updated' | 'message.created') =>
    bus.on(event, async (p: DomainEvents[typeof event]) => {
      heard.push({ event, ticketId: p.ticketId, messageId: 'messageId' in p ? p.messageId : undefined });
    });
  for (const event of ['ticket.created', 'ticket.updated', 'message.created'] as const) hear(event);
});
afterAll(() => host?.stop());

describe('a contact’s reaction points at the message it reacts to', () => {
  it('a reaction to the attendant’s message is stored quoting it, and shown with the quote', async () => {
    const { ticketId, from, reply } = await answeredConversation();
    const reaction = await contactSays({
      from,
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: `fake-out-${reply.id}`,
    });
    expect(reaction.ticketId).toBe(ticketId);
    expect(await row(reaction.messageId)).toMatchObject({ quoted_msg_id: String(reply.id), body: '👍' });
    expect(await shown(ticketId, reaction.messageId)).toMatchObject({
      fromMe: false,
      mediaType: 'reactionMessage',
      body: '👍',
      quotedMsg: { id: reply.id, body: 'Amanhã', fromMe: true, mediaType: 'chat' },
    });
  });

  it('taking it back is stored the same way, empty, and leaves the ticket’s last message and unread count alone', async () => {
    const { ticketId, from, reply } = await answeredConversation();
    const target = `fake-out-${reply.id}`;
    await contactSays({ from, body: '❤️', mediaType: 'reactionMessage', quotedExternalId: target });
    const before = await ticketRow(ticketId);
    expect(before.last_message).toBe('❤️');
    const removed = await contactSays({
      from,
      body: '',
      mediaType: 'reactionMessage',
      quotedExternalId: target,
    });
    expect(await row(removed.messageId)).toMatchObject({ quoted_msg_id: String(reply.id), body: '' });
    expect(await ticketRow(ticketId)).toEqual(before);
  });

  it('a reaction to the contact’s own message, and a quoted reply to it, point at it', async () => {
    const from = number();
    const externalId = `wa-own-${Date.now()}`;
    const first = await contactSays({ externalId, from, body: 'Meu pedido é o 42' });
    const reaction = await contactSays({
      from,
      body: '🙏',
      mediaType: 'reactionMessage',
      quotedExternalId: externalId,
    });
    const reply = await contactSays({ from, body: 'Esse aqui', quotedExternalId: externalId });
    expect((await row(reaction.messageId)).quoted_msg_id).toBe(String(first.messageId));
    expect((await row(reply.messageId)).quoted_msg_id).toBe(String(first.messageId));
    expect((await shown(first.ticketId, reply.messageId))?.quotedMsg).toMatchObject({
      id: first.messageId,
      body: 'Meu pedido é o 42',
      fromMe: false,
    });
  });

  it('a target Balcão does not have leaves the reaction unlinked, still stored in the open ticket', async () => {
    const from = number();
    const { ticketId } = await contactSays({ from, body: 'Oi' });
    const reaction = await contactSays({
      from,
      body: '😮',
      mediaType: 'reactionMessage',
      quotedExternalId: 'wa-never-seen',
    });
    expect(reaction.ticketId).toBe(ticketId);
    expect(await row(reaction.messageId)).toMatchObject({ quoted_msg_id: null, body: '😮' });
  });

  it('another contact’s message, or one on another connection, is not a target', async () => {
    const { reply } = await answeredConversation();
    const strangerNumber = number();
    await contactSays({ from: strangerNumber, body: 'Oi' });
    const stranger = await contactSays({
      from: strangerNumber,
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: `fake-out-${reply.id}`,
    });
    expect((await row(stranger.messageId)).quoted_msg_id).toBeNull();

    const res = await host.request('/api/whatsapp', {
      token: admin,
      body: { name: 'Outro', channel: 'whatsapp' },
    });
    const other = (await res.json()) as ConnectionDto;
    const from = number();
    const externalId = `wa-other-${Date.now()}`;
    await contactSays({ externalId, from, body: 'Oi' });
    await contactSays({ from, body: 'Oi daqui também' }, other);
    const elsewhere = await contactSays(
      { from, body: '👍', mediaType: 'reactionMessage', quotedExternalId: externalId },
      other,
    );
    expect((await row(elsewhere.messageId)).quoted_msg_id).toBeNull();
  });

  it('a reaction right after a burst of messages (group-committed together) finds its target among them', async () => {
    const from = number();
    const stamp = Date.now();
    // The burst goes in together (one or two group commits); the reaction follows it. Sent at the same time as the
    // burst, nothing says the server receives it after its target, so that would prove nothing about the lookup.
    const stored = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        contactSays({ externalId: `wa-burst-${stamp}-${i}`, from, body: `mensagem ${i}` }),
      ),
    );
    const { messageId } = await contactSays({
      from,
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: `wa-burst-${stamp}-11`,
    });
    expect((await row(messageId)).quoted_msg_id).toBe(String(stored[11]!.messageId));
  });
});

describe('a reaction is not deleted through the message delete route', () => {
  it('an attendant’s reaction: 400 ERR_REACTION_NOT_DELETABLE, it stays, and WhatsApp is asked to delete nothing', async () => {
    const { ticketId } = await answeredConversation();
    const messages = (await (await host.request(`/api/messages/${ticketId}`, { token: admin })).json()) as {
      messages: MessageDto[];
    };
    const theirs = messages.messages.find((m) => !m.fromMe)!;
    const reacted = await host.request(`/api/messages/${theirs.id}/reactions`, {
      token: admin,
      body: { emoji: '👍' },
    });
    expect(reacted.status).toBe(201);
    const reaction = (await reacted.json()) as MessageDto;
    await eventually(async () =>
      (await row(reaction.id)).external_id === `fake-react-${reaction.id}` ? true : undefined,
    );

    const res = await host.request(`/api/messages/${reaction.id}`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_REACTION_NOT_DELETABLE' });
    expect((await row(reaction.id)).is_deleted).toBe(false);
    const outbox = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
    expect((outbox.retracted as { messageId: number }[]).filter((m) => m.messageId === reaction.id)).toEqual(
      [],
    );
    const queued = await sql(
      host,
      `select 1 from message_outbox where message_id = $1 and action = 'retract'`,
      [reaction.id],
    );
    expect(queued).toEqual([]);
  });

  it('a contact’s reaction: the same refusal', async () => {
    const { from, reply } = await answeredConversation();
    const reaction = await contactSays({
      from,
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: `fake-out-${reply.id}`,
    });
    const res = await host.request(`/api/messages/${reaction.messageId}`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_REACTION_NOT_DELETABLE' });
  });
});

describe('a contact’s reaction never opens a ticket (find-only)', () => {
  const react = (from: string, body: string, target: string) =>
    inbound({ from, body, mediaType: 'reactionMessage', quotedExternalId: target });

  it('a reaction to a message of a closed ticket is stored there, shown on it, and leaves the ticket as it was', async () => {
    const { ticketId, from, reply } = await closedConversation();
    const before = await ticketState(ticketId);
    const [held] = await ticketsOf(from);
    const mark = heard.length;
    const reaction = await react(from, '👍', `fake-out-${reply.id}`);
    expect(reaction).toEqual({
      outcome: 'stored',
      ticketId,
      messageId: expect.any(Number),
      ticketCreated: false,
    });
    const { messageId } = reaction as Extract<IngestResult, { outcome: 'stored' }>;
    expect(await ticketState(ticketId)).toEqual(before);
    expect(await ticketsOf(from)).toEqual([{ id: ticketId, status: 'closed', messages: held!.messages + 1 }]);
    // The badge's data: the reaction in the closed ticket's list, quoting its target.
    expect(await shown(ticketId, messageId)).toMatchObject({
      mediaType: 'reactionMessage',
      body: '👍',
      quotedMsg: { id: reply.id },
    });
    // Attendants viewing the closed ticket hear the reaction; nobody hears of a ticket opened or moved.
    await eventually(async () =>
      heard.slice(mark).some((e) => e.messageId === messageId) ? true : undefined,
    );
    expect(heard.slice(mark)).toEqual([{ event: 'message.created', ticketId, messageId }]);

    const removed = await react(from, '', `fake-out-${reply.id}`);
    expect(removed).toMatchObject({ outcome: 'stored', ticketId, ticketCreated: false });
    expect(await ticketState(ticketId)).toMatchObject({
      status: 'closed',
      unread_messages: before.unread_messages,
    });
    expect((await ticketsOf(from)).map((t) => t.id)).toEqual([ticketId]);
  });

  it('within the connection’s reopening window a reaction does not reopen the closed ticket; a message does', async () => {
    const res = await host.request('/api/whatsapp', {
      token: admin,
      body: { name: 'Janela', channel: 'whatsapp', timeCreateNewTicket: 10 },
    });
    const windowed = (await res.json()) as ConnectionDto;
    const { ticketId, from, asked } = await closedConversation(windowed);
    const before = await ticketState(ticketId);
    const reaction = await inbound(
      { from, body: '🙏', mediaType: 'reactionMessage', quotedExternalId: asked },
      windowed,
    );
    expect(reaction).toEqual({
      outcome: 'stored',
      ticketId,
      messageId: expect.any(Number),
      ticketCreated: false,
    });
    expect(await ticketState(ticketId)).toEqual(before);
    const unknown = await inbound(
      { from, body: '🙏', mediaType: 'reactionMessage', quotedExternalId: 'wa-never-seen' },
      windowed,
    );
    expect(unknown).toEqual({ outcome: 'ignored' });
    expect(await ticketState(ticketId)).toEqual(before);
    // The window is live: the contact writing reopens the ticket.
    expect(await contactSays({ from, body: 'Mais uma coisa' }, windowed)).toMatchObject({
      ticketId,
      reopenedFrom: { userId: adminId },
    });
  });

  it('with no open ticket, a reaction to a message Balcão does not have is dropped: nothing stored, no ticket', async () => {
    const { from } = await closedConversation();
    const held = await ticketsOf(from);
    const mark = heard.length;
    expect(await react(from, '😮', 'wa-never-seen')).toEqual({ outcome: 'ignored' });
    expect(await react(from, '', 'wa-never-seen')).toEqual({ outcome: 'ignored' });
    expect(await ticketsOf(from)).toEqual(held);
    // A number Balcão has never seen: not even the contact is made.
    const stranger = number();
    expect(await react(stranger, '👍', 'wa-never-seen')).toEqual({ outcome: 'ignored' });
    expect(await sql(host, 'select 1 from contacts where number = $1', [stranger])).toEqual([]);
    expect(heard.slice(mark)).toEqual([]);
  });

  it('a reaction to the closed ticket’s message while the contact has a new one goes to the closed one', async () => {
    const { ticketId, from, reply } = await closedConversation();
    const again = await contactSays({ from, body: 'Outra dúvida' });
    expect(again).toMatchObject({ ticketCreated: true });
    const [closedBefore, openBefore] = [await ticketState(ticketId), await ticketState(again.ticketId)];
    const reaction = await react(from, '❤️', `fake-out-${reply.id}`);
    expect(reaction).toMatchObject({ outcome: 'stored', ticketId, ticketCreated: false });
    expect(await ticketState(ticketId)).toEqual(closedBefore);
    expect(await ticketState(again.ticketId)).toEqual(openBefore);
  });
});
