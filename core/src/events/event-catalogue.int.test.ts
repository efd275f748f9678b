import {
  type ConnectionDto,
  DOMAIN_EVENTS,
  type DomainEventName,
  type DomainEvents,
  definePlugin,
  type PluginSubscriber,
} from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../testing/fake-whatsapp-plugin.js';
import { openSocket } from '../testing/tenant-fixtures.js';

/**
 * The SDK's event catalogue as a plugin sees it: a plugin subscribes by name and receives, after commit, each event
 * the attendance core emits, with the payload its schema says (the test host's bus validates every payload too).
 */
type Seen = { [K in DomainEventName]: { event: K; payload: DomainEvents[K] } }[DomainEventName];
const seen: Seen[] = [];

const recorder = definePlugin({
  name: 'event-recorder',
  subscribers: DOMAIN_EVENTS.map(
    (event) =>
      ({
        event,
        handler: async (payload: DomainEvents[typeof event]) => {
          seen.push({ event, payload } as Seen);
        },
      }) as PluginSubscriber<object>,
  ),
});

let host: TestHost;
let token: string;
let adminId: number;
let connection: ConnectionDto;

async function call(path: string, method: string, body?: unknown) {
  const res = await host.request(path, { method, token, body });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.status === 204 ? null : res.json();
}

/** The events of that name recorded since `mark`, waiting briefly for them to arrive. */
async function after<K extends DomainEventName>(mark: number, event: K): Promise<DomainEvents[K][]> {
  const found = () =>
    seen
      .slice(mark)
      .filter((s) => s.event === event)
      .map((s) => s.payload as DomainEvents[K]);
  await eventually(() => (found().length ? true : undefined));
  return found();
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin, recorder] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  adminId = login.user.id;
  connection = await call('/api/whatsapp', 'POST', { name: 'Fone', channel: 'whatsapp' });
});
afterAll(() => host?.stop());

describe('event catalogue', () => {
  it('a conversation from first message to deletion emits the ticket and message events', async () => {
    let mark = seen.length;
    const res = await host.request(`/test-channel/${connection.token}/inbound`, {
      body: { externalId: 'cat-1', from: { id: '5511966660001', name: 'Bia' }, body: 'Oi' },
    });
    const { ticketId, messageId } = await res.json();
    expect(await after(mark, 'ticket.created')).toEqual([{ companyId: 1, ticketId }]);
    const [{ contact_id: contactId }] = await sql<{ contact_id: number }>(
      host,
      'select contact_id from tickets where id = $1',
      [ticketId],
    );
    expect(await after(mark, 'message.created')).toEqual([
      { companyId: 1, ticketId, messageId, contactId, fromMe: false, kind: 'inbound', mediaType: 'chat' },
    ]);

    mark = seen.length;
    await call(`/api/tickets/${ticketId}`, 'PUT', { status: 'open', userId: adminId });
    expect(await after(mark, 'ticket.accepted')).toEqual([{ companyId: 1, ticketId, userId: adminId }]);
    expect(await after(mark, 'ticket.updated')).toContainEqual({
      companyId: 1,
      ticketId,
      previous: { userId: null, queueId: null },
    });

    mark = seen.length;
    const sent = await call(`/api/messages/${ticketId}`, 'POST', { body: 'Olá, Bia' });
    const note = await call(`/api/messages/${ticketId}`, 'POST', { body: 'cliente antiga', isPrivate: true });
    const created = await after(mark, 'message.created');
    expect(created).toContainEqual({
      companyId: 1,
      ticketId,
      messageId: sent.id,
      contactId,
      fromMe: true,
      kind: 'outbound',
      mediaType: 'chat',
    });
    expect(created).toContainEqual({
      companyId: 1,
      ticketId,
      messageId: note.id,
      contactId,
      fromMe: true,
      kind: 'note',
      mediaType: 'chat',
    });
    // The outbox delivered it through the fake WhatsApp: sent (ack 1). (The accept's automatic greeting may be
    // acknowledged meanwhile too, sooner or later depending on the machine's load.)
    const acks = await eventually(async () => {
      const mine = (await after(mark, 'message.ack')).filter((p) => p.messageId === sent.id);
      return mine.length ? mine : undefined;
    });
    expect(acks).toEqual([{ companyId: 1, ticketId, messageId: sent.id, ack: 1 }]);

    mark = seen.length;
    await call(`/api/messages/${sent.id}`, 'DELETE');
    expect(await after(mark, 'message.deleted')).toEqual([{ companyId: 1, ticketId, messageId: sent.id }]);

    const queue = await call('/api/queue', 'POST', { name: 'Vendas', color: '#0F9960' });
    mark = seen.length;
    await call(`/api/tickets/${ticketId}`, 'PUT', { status: 'pending', queueId: queue.id });
    expect(await after(mark, 'ticket.transferred')).toEqual([
      {
        companyId: 1,
        ticketId,
        kind: 'queue',
        userId: adminId,
        from: { userId: adminId, queueId: null },
        to: { userId: null, queueId: queue.id },
      },
    ]);

    mark = seen.length;
    await call(`/api/tickets/${ticketId}`, 'PUT', { status: 'closed' });
    expect(await after(mark, 'ticket.closed')).toEqual([
      { companyId: 1, ticketId, userId: adminId, reason: 'ignore' },
    ]);
    mark = seen.length;
    await call(`/api/tickets/${ticketId}`, 'PUT', { status: 'open', userId: adminId });
    expect(await after(mark, 'ticket.reopened')).toEqual([{ companyId: 1, ticketId, userId: adminId }]);
    mark = seen.length;
    await call(`/api/tickets/${ticketId}`, 'PUT', { status: 'closed' });
    expect(await after(mark, 'ticket.closed')).toEqual([
      { companyId: 1, ticketId, userId: adminId, reason: 'close' },
    ]);

    mark = seen.length;
    await call(`/api/tickets/${ticketId}`, 'DELETE');
    expect(await after(mark, 'ticket.deleted')).toEqual([
      { companyId: 1, ticketId, was: { userId: adminId, queueId: queue.id, isGroup: false } },
    ]);
  });

  it('contacts, tags, queues and settings emit their created, updated and deleted events', async () => {
    let mark = seen.length;
    const contact = await call('/api/contacts', 'POST', { name: 'Caio Lima', number: '5511966660002' });
    expect(await after(mark, 'contact.created')).toEqual([{ companyId: 1, contactId: contact.id }]);
    mark = seen.length;
    await call(`/api/contacts/${contact.id}`, 'PUT', { name: 'Caio L.' });
    expect(await after(mark, 'contact.updated')).toEqual([{ companyId: 1, contactId: contact.id }]);

    const ticket = await call('/api/tickets', 'POST', {
      contactId: contact.id,
      whatsappId: connection.id,
      userId: adminId,
      status: 'open',
    });
    mark = seen.length;
    const tag = await call('/api/tags', 'POST', { name: 'VIP' });
    expect(await after(mark, 'tag.created')).toEqual([{ companyId: 1, tagId: tag.id }]);
    mark = seen.length;
    await call('/api/tags/sync', 'POST', { contactId: contact.id, tags: [{ id: tag.id }] });
    expect(await after(mark, 'contact.tags.changed')).toEqual([
      { companyId: 1, contactId: contact.id, oldTagIds: [], tagIds: [tag.id] },
    ]);
    expect(await after(mark, 'ticket.tags.changed')).toEqual([
      { companyId: 1, ticketId: ticket.id, oldTagIds: [], tagIds: [tag.id] },
    ]);
    mark = seen.length;
    await call(`/api/tags/${tag.id}`, 'PUT', { name: 'VIP Ouro' });
    expect(await after(mark, 'tag.updated')).toEqual([{ companyId: 1, tagId: tag.id }]);
    mark = seen.length;
    await call(`/api/tags/${tag.id}`, 'DELETE');
    expect(await after(mark, 'tag.deleted')).toEqual([{ companyId: 1, tagId: tag.id }]);

    mark = seen.length;
    const queue = await call('/api/queue', 'POST', { name: 'Suporte', color: '#2D72D2' });
    expect(await after(mark, 'queue.created')).toEqual([{ companyId: 1, queueId: queue.id }]);
    mark = seen.length;
    await call(`/api/queue/${queue.id}`, 'PUT', { name: 'Suporte 2', color: '#2D72D2' });
    expect(await after(mark, 'queue.updated')).toEqual([{ companyId: 1, queueId: queue.id }]);
    mark = seen.length;
    await call(`/api/queue/${queue.id}`, 'DELETE');
    expect(await after(mark, 'queue.deleted')).toEqual([{ companyId: 1, queueId: queue.id }]);

    mark = seen.length;
    await call('/api/settings/userRating', 'PUT', { value: 'enabled' });
    expect(await after(mark, 'setting.updated')).toEqual([
      { companyId: 1, key: 'userRating', value: 'enabled' },
    ]);

    await call(`/api/tickets/${ticket.id}`, 'DELETE');
    mark = seen.length;
    await call(`/api/contacts/${contact.id}`, 'DELETE');
    expect(await after(mark, 'contact.deleted')).toEqual([{ companyId: 1, contactId: contact.id }]);
  });

  it('signing in and a last socket closing emit user.presence', async () => {
    let mark = seen.length;
    const socket = await openSocket(host.url, token);
    // Signed in (beforeAll) is online already: a socket changes nothing until the last one closes.
    socket.close();
    expect(await after(mark, 'user.presence')).toEqual([{ companyId: 1, userId: adminId, online: false }]);
    mark = seen.length;
    await host.login(host.admin.email, host.admin.password);
    expect(await after(mark, 'user.presence')).toEqual([{ companyId: 1, userId: adminId, online: true }]);
  });
});
