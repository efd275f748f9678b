import {
  type ConnectionDto,
  type DomainEvents,
  definePlugin,
  type MessageDto,
  type OutboundMessage,
} from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { backoff } from './outbox-worker.js';

/**
 * The outbox (ARCHITECTURE "Data flow", outbound): a message is stored with its delivery row in one transaction, the
 * worker sends it through the channel with an idempotency key, retries with backoff, and marks a final failure the
 * attendant can retry. The channel here is the fake WhatsApp (its servers are the edge tests cannot reach).
 */
let host: TestHost;
let token: string;
let userId: number;
let connection: ConnectionDto;

async function openTicket(from: string): Promise<number> {
  const res = await host.request(`/test-channel/${connection.token}/inbound`, {
    body: { externalId: `in-${from}-${Date.now()}`, from: { id: from, name: 'Ana' }, body: 'Oi' },
  });
  expect(res.status).toBe(201);
  const { ticketId } = await res.json();
  const accept = await host.request(`/api/tickets/${ticketId}`, {
    method: 'PUT',
    token,
    body: { status: 'open', userId },
  });
  expect(accept.status).toBe(200);
  return ticketId;
}

async function send(ticketId: number, body: string): Promise<MessageDto> {
  const res = await host.request(`/api/messages/${ticketId}`, { token, body: { body } });
  expect(res.status).toBe(201);
  return (await res.json()) as MessageDto;
}

async function messageOf(ticketId: number, id: number): Promise<MessageDto | undefined> {
  const res = await host.request(`/api/messages/${ticketId}`, { token });
  const { messages } = (await res.json()) as { messages: MessageDto[] };
  return messages.find((m) => m.id === id);
}

/** What the fake WhatsApp servers received for these messages (the accept greeting is left out). */
async function sentOf(...ids: number[]): Promise<OutboundMessage[]> {
  const res = await host.request(`/test-channel/${connection.token}/outbox`);
  return ((await res.json()).messages as OutboundMessage[]).filter((m) => ids.includes(m.messageId));
}

/** Waits until `check` holds (eventually retries only while its callback answers undefined). */
const until = (check: () => Promise<boolean>) => eventually(async () => ((await check()) ? true : undefined));

const outage = (down: boolean) =>
  host.request(`/test-channel/${connection.token}/outage`, { method: 'PUT', body: { down } });

/** What a plugin subscribed to `message.delivery` received. */
const deliveries: DomainEvents['message.delivery'][] = [];
const deliveryWatcher = definePlugin({
  name: 'delivery-watcher',
  subscribers: [{ event: 'message.delivery', handler: async (payload) => void deliveries.push(payload) }],
});

beforeAll(async () => {
  host = await createTestHost({
    plugins: [fakeWhatsappPlugin, deliveryWatcher],
    env: { OUTBOX_POLL_MS: '50', OUTBOX_RETRY_BASE_MS: '50', OUTBOX_MAX_ATTEMPTS: '3' },
  });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  userId = login.user.id;
  const res = await host.request('/api/whatsapp', { token, body: { name: 'Fone', channel: 'whatsapp' } });
  expect(res.status).toBe(201);
  connection = (await res.json()) as ConnectionDto;
});
afterAll(() => host?.stop());

describe('outbox', () => {
  it('delivers an attendant message once, with its idempotency key, and leaves no row behind', async () => {
    const ticketId = await openTicket('5511988880001');
    const message = await send(ticketId, 'Olá, Ana');
    await until(async () => (await messageOf(ticketId, message.id))?.ack === 1);
    // The row goes right after the ack is recorded.
    await until(
      async () =>
        (await sql(host, 'select 1 from message_outbox where message_id = $1', [message.id])).length === 0,
    );
    const sent = await sentOf(message.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ messageId: message.id, body: expect.stringContaining('Olá, Ana') });
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sql(host, 'select * from message_outbox where message_id = $1', [message.id])).toEqual([]);
  });

  it('never queues a private note', async () => {
    const ticketId = await openTicket('5511988880002');
    const res = await host.request(`/api/messages/${ticketId}`, {
      token,
      body: { body: 'só para a equipe', isPrivate: true },
    });
    expect(res.status).toBe(201);
    const note = (await res.json()) as MessageDto;
    expect(await sql(host, 'select * from message_outbox where message_id = $1', [note.id])).toEqual([]);
    expect(await sentOf(note.id)).toEqual([]);
  });

  it('retries with backoff, marks the message failed after the last attempt, and an attendant retry sends it once', async () => {
    const ticketId = await openTicket('5511988880003');
    expect((await outage(true)).status).toBe(204);
    const message = await send(ticketId, 'Vai falhar');
    await until(async () => (await messageOf(ticketId, message.id))?.deliveryError != null);
    expect((await messageOf(ticketId, message.id))?.deliveryError).toBe('WhatsApp servers unreachable');
    const [row] = await sql<{ status: string; attempts: number; last_error: string }>(
      host,
      'select status, attempts, last_error from message_outbox where message_id = $1',
      [message.id],
    );
    expect(row).toEqual({ status: 'failed', attempts: 3, last_error: 'WhatsApp servers unreachable' });
    expect((await messageOf(ticketId, message.id))?.ack).toBe(0);
    // A plugin learns why: the event carries the channel's reason.
    const failed = await eventually(() => deliveries.find((d) => d.messageId === message.id));
    expect(failed).toEqual({
      companyId: 1,
      ticketId,
      messageId: message.id,
      state: 'failed',
      reason: 'WhatsApp servers unreachable',
    });

    // Still down: a retry fails again; a message that has not failed cannot be retried.
    const other = await host.request(`/api/messages/${message.id + 1000}/retry`, { token, method: 'POST' });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'ERR_NO_MESSAGE_FOUND' });

    expect((await outage(false)).status).toBe(204);
    const retry = await host.request(`/api/messages/${message.id}/retry`, { token, method: 'POST' });
    expect(retry.status).toBe(204);
    const states = () => deliveries.filter((d) => d.messageId === message.id).map((d) => [d.state, d.reason]);
    await until(async () => states().length === 2);
    expect(states()).toEqual([
      ['failed', 'WhatsApp servers unreachable'],
      ['queued', null],
    ]);
    await until(async () => (await messageOf(ticketId, message.id))?.ack === 1);
    expect((await messageOf(ticketId, message.id))?.deliveryError).toBeNull();
    expect(await sentOf(message.id)).toHaveLength(1);
    const again = await host.request(`/api/messages/${message.id}/retry`, { token, method: 'POST' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'ERR_MESSAGE_NOT_FAILED' });
  });

  it('a send whose echo was ingested first (same channel id) is recorded as sent, and not sent again', async () => {
    const ticketId = await openTicket('5511988880009');
    expect((await outage(true)).status).toBe(204);
    const message = await send(ticketId, 'Eco antes da hora');
    await until(async () => (await messageOf(ticketId, message.id))?.deliveryError != null);
    // The channel's echo of the send arrives, and is stored, before the outbox records the id it answers.
    const echo = await host.request(`/test-channel/${connection.token}/inbound`, {
      body: {
        externalId: `fake-out-${message.id}`,
        from: { id: '5511988880009', name: '' },
        body: 'Eco antes da hora',
        fromMe: true,
      },
    });
    expect(echo.status).toBe(201);
    expect((await outage(false)).status).toBe(204);
    expect((await host.request(`/api/messages/${message.id}/retry`, { token, method: 'POST' })).status).toBe(
      204,
    );
    await until(async () => (await messageOf(ticketId, message.id))?.ack === 1);
    expect((await messageOf(ticketId, message.id))?.deliveryError).toBeNull();
    const [row] = await sql<{ n: string }>(
      host,
      'select count(*) as n from message_outbox where message_id = $1',
      [message.id],
    );
    expect(Number(row?.n)).toBe(0);
    expect(await sentOf(message.id)).toHaveLength(1);
  });

  it('a message deleted before its delivery is claimed never leaves; one already sent is taken back', async () => {
    const ticketId = await openTicket('5511988880004');
    // Held back: the row is due in the future, so no worker claims it before the delete.
    await sql(
      host,
      `alter table message_outbox alter column next_attempt_at set default now() + interval '1 hour'`,
    );
    let held: MessageDto;
    try {
      held = await send(ticketId, 'Escrevi errado');
    } finally {
      await sql(host, 'alter table message_outbox alter column next_attempt_at set default now()');
    }
    const del = await host.request(`/api/messages/${held.id}`, { token, method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await sql(host, 'select * from message_outbox where message_id = $1', [held.id])).toEqual([]);

    const sentOne = await send(ticketId, 'Esta foi');
    await until(async () => (await messageOf(ticketId, sentOne.id))?.ack === 1);
    const del2 = await host.request(`/api/messages/${sentOne.id}`, { token, method: 'DELETE' });
    expect(del2.status).toBe(204);
    await until(
      async () =>
        (await sql(host, 'select 1 from message_outbox where message_id = $1', [sentOne.id])).length === 0,
    );
    expect((await sentOf(held.id, sentOne.id)).map((m) => m.messageId)).toEqual([sentOne.id]);
    const { retracted } = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
    expect(retracted).toEqual([
      expect.objectContaining({ messageId: sentOne.id, externalId: `fake-out-${sentOne.id}` }),
    ]);
  });

  it('a sent message older than WhatsApp takes back (60 hours) is not deleted: ERR_FETCH_WAPP_MSG; younger it is', async () => {
    const ticketId = await openTicket('5511988880005');
    const old = await send(ticketId, 'Enviada anteontem');
    const recent = await send(ticketId, 'Enviada ontem');
    await until(async () => (await messageOf(ticketId, old.id))?.ack === 1);
    await until(async () => (await messageOf(ticketId, recent.id))?.ack === 1);
    await sql(host, `update messages set created_at = now() - interval '61 hours' where id = $1`, [old.id]);
    await sql(host, `update messages set created_at = now() - interval '59 hours' where id = $1`, [
      recent.id,
    ]);

    const refused = await host.request(`/api/messages/${old.id}`, { token, method: 'DELETE' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'ERR_FETCH_WAPP_MSG', hours: 60 });
    expect((await messageOf(ticketId, old.id))?.isDeleted).toBe(false);

    const taken = await host.request(`/api/messages/${recent.id}`, { token, method: 'DELETE' });
    expect(taken.status).toBe(204);
    await until(async () => {
      const { retracted } = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
      return (retracted as { messageId: number }[]).some((m) => m.messageId === recent.id);
    });
    const { retracted } = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
    expect((retracted as { messageId: number }[]).some((m) => m.messageId === old.id)).toBe(false);
  });

  it('reading a conversation sends the contact read receipts for what was unread, once; notes and our own never', async () => {
    const from = '5511988880006';
    const ticketId = await openTicket(from);
    const inbound = (externalId: string, body: string) =>
      host.request(`/test-channel/${connection.token}/inbound`, {
        body: { externalId, from: { id: from, name: 'Ana' }, body },
      });
    expect((await inbound('IN-R1', 'Primeira')).status).toBe(201);
    expect((await inbound('IN-R2', 'Segunda')).status).toBe(201);
    await send(ticketId, 'Nossa resposta');
    const receiptsOf = async () =>
      (
        (await (await host.request(`/test-channel/${connection.token}/outbox`)).json()).read as {
          externalId: string;
          ticketId: number;
          to: string;
        }[]
      ).filter((r) => r.ticketId === ticketId);
    // The attendant opens the conversation (its first page): both messages are read, and the contact is told.
    expect((await host.request(`/api/messages/${ticketId}`, { token })).status).toBe(200);
    await until(async () => (await receiptsOf()).length === 3);
    expect((await receiptsOf()).map((r) => r.externalId).sort()).toEqual(
      expect.arrayContaining(['IN-R1', 'IN-R2']),
    );
    expect((await receiptsOf()).every((r) => r.to === from)).toBe(true);
    // Done, the receipts leave no row; reading again queues nothing more.
    const queued = async () =>
      (
        await sql(
          host,
          `select 1 from message_outbox o join messages m on m.id = o.message_id
            where o.action = 'read' and m.ticket_id = $1`,
          [ticketId],
        )
      ).length;
    await until(async () => (await queued()) === 0);
    expect((await host.request(`/api/messages/${ticketId}`, { token })).status).toBe(200);
    expect(await queued()).toBe(0);
    expect(await receiptsOf()).toHaveLength(3);
  });

  it('backs off exponentially, with jitter, up to the cap', () => {
    const o = { baseDelayMs: 2000, maxDelayMs: 60_000 };
    for (const [attempts, expected] of [
      [1, 2000],
      [2, 4000],
      [3, 8000],
      [10, 60_000],
    ] as const) {
      const d = backoff(attempts, o);
      expect(d).toBeGreaterThanOrEqual(expected * 0.8);
      expect(d).toBeLessThanOrEqual(expected * 1.2);
    }
  });
});
