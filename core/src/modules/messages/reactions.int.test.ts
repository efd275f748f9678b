import type { ConnectionDto, MessageDto, OutboundReaction, PluginInfoDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendant, ingestOf, sql, webchatConnection } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { openSocket, type TestFrame } from '../../testing/tenant-fixtures.js';

/**
 * An attendant's reaction to a message (`POST /api/messages/{messageId}/reactions`): who may react, what is refused,
 * how it is stored (a reactionMessage quoting its target), delivered (the outbox's `react`, once) and shown live.
 * The channel is the fake WhatsApp, which records the reactions it received.
 */
let host: TestHost;
let admin: string;
let adminId: number;
let connection: ConnectionDto;
let seq = 0;

/** A contact writes on the fake WhatsApp; the admin accepts the ticket. Answers the ticket and the contact's message. */
async function conversation(
  accept = true,
): Promise<{ ticketId: number; messageId: number; externalId: string }> {
  seq += 1;
  const externalId = `wa-in-${seq}-${Date.now()}`;
  const res = await host.request(`/test-channel/${connection.token}/inbound`, {
    body: { externalId, from: { id: `55119888700${seq}`, name: 'Ana' }, body: 'Qual o prazo?' },
  });
  expect(res.status).toBe(201);
  const { ticketId, messageId } = await res.json();
  if (accept) {
    const put = await host.request(`/api/tickets/${ticketId}`, {
      method: 'PUT',
      token: admin,
      body: { status: 'open', userId: adminId },
    });
    expect(put.status).toBe(200);
  }
  return { ticketId, messageId, externalId };
}

const react = (messageId: number | string, emoji: unknown, token = admin) =>
  host.request(`/api/messages/${messageId}/reactions`, { token, body: { emoji } });

/** The reactions the fake WhatsApp received for these Balcão messages. */
async function received(...ids: number[]): Promise<OutboundReaction[]> {
  const res = await host.request(`/test-channel/${connection.token}/outbox`);
  return ((await res.json()).reactions as OutboundReaction[]).filter((r) => ids.includes(r.messageId));
}

const outboxRows = (messageId: number) =>
  sql<{ action: string; status: string }>(
    host,
    'select action, status from message_outbox where message_id = $1',
    [messageId],
  );

const messageEvent = (frames: TestFrame[], id: number) =>
  frames.find(
    (f) =>
      f.channel === 'company-1-appMessage' &&
      f.data.action === 'create' &&
      (f.data.message as MessageDto | null)?.id === id,
  );

beforeAll(async () => {
  host = await createTestHost({
    plugins: [fakeWhatsappPlugin],
    env: { OUTBOX_POLL_MS: '50', OUTBOX_RETRY_BASE_MS: '50', OUTBOX_MAX_ATTEMPTS: '2' },
  });
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  const res = await host.request('/api/whatsapp', {
    token: admin,
    body: { name: 'Fone', channel: 'whatsapp' },
  });
  expect(res.status).toBe(201);
  connection = (await res.json()) as ConnectionDto;
});
afterAll(() => host?.stop());

describe('reacting to a message', () => {
  it('is stored as a reactionMessage of the attendant quoting the message, reaches WhatsApp once, and shows live', async () => {
    const { ticketId, messageId, externalId } = await conversation();
    const colleague = await attendant(host, admin, 'Bia', [], { allTicket: 'enable' });
    const socket = await openSocket(host.url, colleague.token);
    const res = await react(messageId, '👍');
    expect(res.status).toBe(201);
    const reaction = (await res.json()) as MessageDto;
    expect(reaction).toMatchObject({
      ticketId,
      body: '👍',
      mediaType: 'reactionMessage',
      fromMe: true,
      isPrivate: false,
      quotedMsg: { id: messageId, body: 'Qual o prazo?' },
    });

    // WhatsApp gets the emoji on the contact's message (its WhatsApp id), once; the ack is recorded.
    const [sent] = await eventually(async () => {
      const list = await received(reaction.id);
      return list.length ? list : undefined;
    });
    expect(sent).toMatchObject({
      messageId: reaction.id,
      ticketId,
      to: expect.stringMatching(/^55119888700/),
      emoji: '👍',
      target: { externalId, fromMe: false, body: 'Qual o prazo?', participant: null },
    });
    await eventually(async () => ((await outboxRows(reaction.id)).length === 0 ? true : undefined));
    const [row] = await sql<{ ack: number; external_id: string }>(
      host,
      'select ack, external_id from messages where id = $1',
      [reaction.id],
    );
    expect(row).toEqual({ ack: 1, external_id: `fake-react-${reaction.id}` });
    expect(await received(reaction.id)).toHaveLength(1);

    // Another attendant viewing the company's messages sees it arrive.
    const event = await eventually(() => messageEvent(socket.frames, reaction.id));
    expect(event.data.message).toMatchObject({
      body: '👍',
      mediaType: 'reactionMessage',
      quotedMsg: { id: messageId },
    });
    socket.close();
  });

  it('an empty emoji takes the reaction off: sent as empty, the ticket’s last message unchanged', async () => {
    const { ticketId, messageId } = await conversation();
    const on = (await (await react(messageId, '❤️')).json()) as MessageDto;
    const res = await react(messageId, '');
    expect(res.status).toBe(201);
    const off = (await res.json()) as MessageDto;
    expect(off).toMatchObject({ body: '', mediaType: 'reactionMessage', quotedMsg: { id: messageId } });
    const sent = await eventually(async () => {
      const list = await received(on.id, off.id);
      return list.length === 2 ? list : undefined;
    });
    // In the order they were given: WhatsApp ends with no reaction.
    expect(sent.map((r) => r.emoji)).toEqual(['❤️', '']);
    const [ticket] = await sql<{ last_message: string }>(
      host,
      'select last_message from tickets where id = $1',
      [ticketId],
    );
    expect(ticket?.last_message).toBe('❤️');
  });

  it('a reaction to the attendant’s own message leaves after it, with the id WhatsApp gave it', async () => {
    const { ticketId } = await conversation();
    const mine = (await (
      await host.request(`/api/messages/${ticketId}`, { token: admin, body: { body: 'Amanhã' } })
    ).json()) as MessageDto;
    const reaction = (await (await react(mine.id, '🙏')).json()) as MessageDto;
    const [sent] = await eventually(async () => {
      const list = await received(reaction.id);
      return list.length ? list : undefined;
    });
    expect(sent?.target).toEqual({
      externalId: `fake-out-${mine.id}`,
      fromMe: true,
      body: 'Amanhã',
      participant: null,
    });
  });

  it('a reaction WhatsApp keeps refusing is marked not delivered, and can be retried', async () => {
    const { messageId } = await conversation();
    const outage = (down: boolean) =>
      host.request(`/test-channel/${connection.token}/outage`, { method: 'PUT', body: { down } });
    await outage(true);
    const reaction = (await (await react(messageId, '😮')).json()) as MessageDto;
    await eventually(async () => {
      const [row] = await outboxRows(reaction.id);
      return row?.status === 'failed' ? row : undefined;
    });
    const [failed] = await sql<{ delivery_error: string }>(
      host,
      'select delivery_error from messages where id = $1',
      [reaction.id],
    );
    expect(failed?.delivery_error).toBe('WhatsApp servers unreachable');
    await outage(false);
    const retry = await host.request(`/api/messages/${reaction.id}/retry`, { token: admin, method: 'POST' });
    expect(retry.status).toBe(204);
    await eventually(async () => ((await received(reaction.id)).length === 1 ? true : undefined));
  });

  it('a message WhatsApp has no id for cannot be reacted to on WhatsApp: not delivered, ERR_FETCH_WAPP_MSG', async () => {
    const { messageId } = await conversation();
    await sql(host, 'update messages set external_id = null where id = $1', [messageId]);
    const reaction = (await (await react(messageId, '👍')).json()) as MessageDto;
    await eventually(async () =>
      (await outboxRows(reaction.id))[0]?.status === 'failed' ? true : undefined,
    );
    const [row] = await sql<{ delivery_error: string }>(
      host,
      'select delivery_error from messages where id = $1',
      [reaction.id],
    );
    expect(row?.delivery_error).toBe('ERR_FETCH_WAPP_MSG');
    expect(await received(reaction.id)).toEqual([]);
  });
});

describe('who may react, and to what', () => {
  it('follows the rules of sending: an attendant who cannot see the ticket gets a missing message; a pending ticket is not open', async () => {
    const { messageId } = await conversation();
    const outsider = await attendant(host, admin, 'Caio', []);
    const hidden = await react(messageId, '👍', outsider.token);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ error: 'ERR_NO_MESSAGE_FOUND' });

    const pending = await conversation(false);
    const notOpen = await react(pending.messageId, '👍');
    expect(notOpen.status).toBe(400);
    expect(await notOpen.json()).toEqual({ error: 'ERR_TICKET_NOT_OPEN' });

    const anonymous = await host.request(`/api/messages/${messageId}/reactions`, { body: { emoji: '👍' } });
    expect(anonymous.status).toBe(401);
    // Nothing of the refused ones was stored.
    const [count] = await sql<{ n: string }>(
      host,
      "select count(*) as n from messages where quoted_msg_id = any($1) and media_type = 'reactionMessage'",
      [[messageId, pending.messageId]],
    );
    expect(count?.n).toBe('0');
  });

  it('refuses what is not one emoji, NUL and oversized input (400, the field named), and unknown messages (404)', async () => {
    const { messageId } = await conversation();
    for (const emoji of ['a', '👍👍', '👍\u0000', '👍'.repeat(40), 7, null]) {
      const res = await react(messageId, emoji);
      expect(res.status, String(emoji)).toBe(400);
      const body = await res.json();
      expect(body.error).toBe('ERR_VALIDATION');
      expect(body.fields.map((f: { path: string }) => f.path)).toContain('emoji');
    }
    const unknown = await react(999_999, '👍');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'ERR_NO_MESSAGE_FOUND' });
    const huge = await react('99999999999', '👍');
    expect(huge.status).toBe(400);
    expect((await huge.json()).error).toBe('ERR_VALIDATION');
  });

  it('a private note, a deleted message or a reaction cannot be reacted to', async () => {
    const { ticketId, messageId } = await conversation();
    const note = (await (
      await host.request(`/api/messages/${ticketId}`, {
        token: admin,
        body: { body: 'nota', isPrivate: true },
      })
    ).json()) as MessageDto;
    const reaction = (await (await react(messageId, '👍')).json()) as MessageDto;
    const deleted = (await (
      await host.request(`/api/messages/${ticketId}`, { token: admin, body: { body: 'ops' } })
    ).json()) as MessageDto;
    expect(
      (await host.request(`/api/messages/${deleted.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(204);
    for (const id of [note.id, reaction.id, deleted.id]) {
      const res = await react(id, '😂');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'ERR_MESSAGE_NOT_REACTABLE' });
    }
  });

  it('a channel without the react door refuses with ERR_CHANNEL_CANNOT_REACT, and its traits say so', async () => {
    const site = await webchatConnection(host, admin);
    const r = await ingestOf(host).ingest(site, {
      externalId: 'web-1',
      from: { id: 'v-1', name: 'Visitante' },
      body: 'Oi',
    });
    if (r.outcome !== 'stored') throw new Error(r.outcome);
    await host.request(`/api/tickets/${r.ticketId}`, {
      method: 'PUT',
      token: admin,
      body: { status: 'open', userId: adminId },
    });
    const res = await react(r.messageId, '👍');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_CHANNEL_CANNOT_REACT' });

    const plugins = (await (await host.request('/api/plugins', { token: admin })).json()) as PluginInfoDto[];
    const whatsapp = plugins.flatMap((p) => p.channelTraits ?? []).find((c) => c.kind === 'whatsapp');
    expect(whatsapp?.traits.reactions).toBe(true);
  });
});
