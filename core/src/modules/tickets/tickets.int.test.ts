import type { TicketDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendant,
  createQueue,
  inbound,
  ingestOf,
  pendingTicket as pendingIn,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';
import { openSocket } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let admin: string;
let connection: Awaited<ReturnType<typeof webchatConnection>>;
let sales: number;
let support: number;
const agents: Record<'ana' | 'bia' | 'caio', { id: number; token: string }> = {} as never;

const agent = (name: string, queues: number[]) => attendant(host, admin, name, queues);
const pendingTicket = (queueId: number | null = null) => pendingIn(host, connection, queueId);

const put = (token: string, id: number, body: unknown) =>
  host.request(`/api/tickets/${id}`, { method: 'PUT', token, body });
const ids = async (token: string, query: string) =>
  ((await (await host.request(`/api/tickets?${query}`, { token })).json()).tickets as TicketDto[]).map(
    (t) => t.id,
  );

beforeAll(async () => {
  host = await createTestHost();
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  connection = await webchatConnection(host, admin);
  sales = await createQueue(host, 1, 'Vendas', '#2e7d32');
  support = await createQueue(host, 1, 'Suporte', '#1565c0');
  agents.ana = await agent('Ana', [sales]);
  agents.bia = await agent('Bia', [sales]);
  agents.caio = await agent('Caio', [support]);
});
afterAll(() => host?.stop());

describe('ingest', () => {
  it('stores the same inbound once: a replay changes nothing', async () => {
    const msg = inbound('5511900000001', 'primeira');
    const first = await ingestOf(host).ingest(connection, msg);
    const replay = await ingestOf(host).ingest(connection, msg);
    expect(first.outcome).toBe('stored');
    expect(replay).toEqual({ outcome: 'duplicate' });
    const ticketId = first.outcome === 'stored' ? first.ticketId : 0;
    const [t] = await sql<{ unread_messages: number }>(
      host,
      'select unread_messages from tickets where id = $1',
      [ticketId],
    );
    expect(t.unread_messages).toBe(1);
    expect(await sql(host, 'select 1 from messages where ticket_id = $1', [ticketId])).toHaveLength(1);
  });

  it('a burst of concurrent messages from a new contact makes one ticket and loses none', async () => {
    const from = '5511900000002';
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ingestOf(host).ingest(connection, inbound(from, `m${i}`))),
    );
    const tickets = new Set(results.map((r) => (r.outcome === 'stored' ? r.ticketId : -1)));
    expect(tickets.size).toBe(1);
    const [ticketId] = [...tickets];
    const [row] = await sql<{ unread_messages: number; n: string }>(
      host,
      'select t.unread_messages, (select count(*) from messages m where m.ticket_id = t.id) as n from tickets t where t.id = $1',
      [ticketId],
    );
    expect(row).toEqual({ unread_messages: 40, n: '40' });
    expect(
      await sql(host, "select 1 from ticket_logs where ticket_id = $1 and type = 'create'", [ticketId]),
    ).toHaveLength(1);
  });

  it('ignores a blocked contact', async () => {
    await ingestOf(host).ingest(connection, inbound('5511900000003', 'oi'));
    await sql(host, "update contacts set active = false where number = '5511900000003'");
    expect(await ingestOf(host).ingest(connection, inbound('5511900000003', 'de novo'))).toEqual({
      outcome: 'blocked',
    });
  });
});

describe('transitions', () => {
  it('accept: pending with a queue becomes open and owned, logged as open', async () => {
    const id = await pendingTicket(sales);
    const res = await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id });
    expect(await res.json()).toMatchObject({
      status: 'open',
      userId: agents.ana.id,
      user: { name: 'Ana' },
      unreadMessages: 0,
    });
    const logs = await (await host.request(`/api/tickets-log/${id}`, { token: admin })).json();
    expect(logs.map((l: { type: string }) => l.type)).toEqual(['create', 'open']);
  });

  it('accepting a ticket another attendant already took answers it with that owner, unchanged', async () => {
    const id = await pendingTicket(sales);
    await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id });
    await sql(host, 'update tickets set user_id = $1 where id = $2', [agents.bia.id, id]);
    const res = await put(admin, id, { status: 'open', userId: 1 });
    expect(await res.json()).toMatchObject({ status: 'open', user: { name: 'Bia' } });
  });

  it("a plain attendant whose Pending still showed the ticket learns who took it; one outside its queue doesn't", async () => {
    const id = await pendingTicket(sales);
    await put(agents.bia.token, id, { status: 'open', userId: agents.bia.id });
    const late = await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id });
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({
      status: 'open',
      userId: agents.bia.id,
      user: { name: 'Bia' },
      queue: { name: 'Vendas' },
    });
    const outsider = await put(agents.caio.token, id, { status: 'open', userId: agents.caio.id });
    expect(outsider.status).toBe(404);
    expect(await outsider.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    const [row] = await sql<{ user_id: number }>(host, 'select user_id from tickets where id = $1', [id]);
    expect(row.user_id).toBe(agents.bia.id);
  });

  it('return to queue and transfer to a queue leave it pending and unowned', async () => {
    const id = await pendingTicket(sales);
    await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id });
    expect(await (await put(agents.ana.token, id, { status: 'pending', userId: null })).json()).toMatchObject(
      { status: 'pending', userId: null },
    );
    await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id });
    const moved = await (
      await put(agents.ana.token, id, { status: 'pending', userId: null, queueId: support })
    ).json();
    expect(moved).toMatchObject({ status: 'pending', userId: null, queue: { name: 'Suporte' } });
  });

  it('transfer to another user logs transfered and receivedTransfer', async () => {
    const id = await pendingTicket(sales);
    await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id });
    const res = await put(agents.ana.token, id, { status: 'open', userId: agents.bia.id, queueId: sales });
    expect(await res.json()).toMatchObject({ status: 'open', userId: agents.bia.id });
    const logs = await (await host.request(`/api/tickets-log/${id}`, { token: admin })).json();
    expect(
      logs.slice(-2).map((l: { type: string; user: { name: string } }) => [l.type, l.user.name]),
    ).toEqual([
      ['transfered', 'Ana'],
      ['receivedTransfer', 'Bia'],
    ]);
  });

  it('close is refused without a tag when requiredTag is on; reopen brings it back', async () => {
    const id = await pendingTicket(sales);
    await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id });
    await host.request('/api/settings/requiredTag', {
      method: 'PUT',
      token: admin,
      body: { value: 'enabled' },
    });
    const refused = await put(agents.ana.token, id, { status: 'closed' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'ERR_TAG_REQUIRED' });
    await host.request('/api/settings/requiredTag', {
      method: 'PUT',
      token: admin,
      body: { value: 'disabled' },
    });
    expect(await (await put(agents.ana.token, id, { status: 'closed' })).json()).toMatchObject({
      status: 'closed',
    });
    expect(
      await (await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id })).json(),
    ).toMatchObject({ status: 'open' });
    const logs = await (await host.request(`/api/tickets-log/${id}`, { token: admin })).json();
    expect(logs.map((l: { type: string }) => l.type).slice(-2)).toEqual(['closed', 'reopen']);
  });

  it('ignore closes a pending ticket; a new message then opens a new ticket', async () => {
    const from = `v-ignore-${Date.now()}`;
    const first = await ingestOf(host).ingest(connection, inbound(from, 'oi'));
    const id = first.outcome === 'stored' ? first.ticketId : 0;
    expect(await (await put(admin, id, { status: 'closed', amountUsedBotQueues: 0 })).json()).toMatchObject({
      status: 'closed',
    });
    const second = await ingestOf(host).ingest(connection, inbound(from, 'voltei'));
    expect(second.outcome === 'stored' && second.ticketId).not.toBe(id);
  });

  it('a new ticket for a contact with one open answers ERR_OTHER_OPEN_TICKET with that ticket', async () => {
    const id = await pendingTicket(sales);
    const [{ contact_id }] = await sql<{ contact_id: number }>(
      host,
      'select contact_id from tickets where id = $1',
      [id],
    );
    const res = await host.request('/api/tickets', {
      token: admin,
      body: { contactId: contact_id, queueId: sales, whatsappId: connection.id },
    });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: { id, status: 'pending', queueId: sales },
    });
    // Which ticket, who has it, which queue: not its contact, number or last message.
    expect(Object.keys(body.ticket).sort()).toEqual([
      'id',
      'queue',
      'queueId',
      'status',
      'user',
      'userId',
      'uuid',
    ]);

    // Caio (support only) may not see a pending ticket of sales: he learns only that one exists.
    const hidden = await host.request('/api/tickets', {
      token: agents.caio.token,
      body: { contactId: contact_id, queueId: support, whatsappId: connection.id },
    });
    expect(hidden.status).toBe(409);
    expect(await hidden.json()).toEqual({ error: 'ERR_OTHER_OPEN_TICKET' });
  });

  it('only an admin deletes a ticket', async () => {
    const id = await pendingTicket(sales);
    expect(
      (await host.request(`/api/tickets/${id}`, { method: 'DELETE', token: agents.ana.token })).status,
    ).toBe(403);
    expect((await host.request(`/api/tickets/${id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await host.request(`/api/tickets/${id}`, { token: admin })).status).toBe(404);
  });
});

describe('visibility', () => {
  it("the session carries the attendant's queues", async () => {
    const me = await (await host.request('/api/auth/me', { token: agents.ana.token })).json();
    expect(me.queues).toEqual([{ id: sales, name: 'Vendas', color: '#2e7d32' }]);
  });

  it('an attendant sees unassigned tickets of their queues and their own, never others', async () => {
    const inSales = await pendingTicket(sales);
    const inSupport = await pendingTicket(support);
    const biasOwn = await pendingTicket(sales);
    await put(agents.bia.token, biasOwn, { status: 'open', userId: agents.bia.id });

    const anaPending = await ids(agents.ana.token, 'status=pending');
    expect(anaPending).toContain(inSales);
    expect(anaPending).not.toContain(inSupport);
    expect(await ids(agents.ana.token, 'status=open&showAll=true')).not.toContain(biasOwn);
    expect((await host.request(`/api/tickets/${inSupport}`, { token: agents.ana.token })).status).toBe(404);
    expect((await put(agents.ana.token, biasOwn, { status: 'closed' })).status).toBe(404);
    expect(await ids(agents.caio.token, 'status=pending')).toContain(inSupport);
    expect(await ids(admin, 'status=open&showAll=true')).toContain(biasOwn);
  });

  it('search finds tickets by message text within what the user may see', async () => {
    const word = `palavra${Date.now()}`;
    const r = await ingestOf(host).ingest(
      connection,
      inbound(`v-search-${Date.now()}`, `quero ${word} agora`),
    );
    const id = r.outcome === 'stored' ? r.ticketId : 0;
    await sql(host, 'update tickets set queue_id = $1 where id = $2', [support, id]);
    expect(await ids(admin, `searchParam=${word}&showAll=true`)).toEqual([id]);
    expect(await ids(agents.caio.token, `searchParam=${word}`)).toEqual([id]);
    expect(await ids(agents.ana.token, `searchParam=${word}`)).toEqual([]);
    // Where a word of the body begins: the term's words, the last one possibly cut; not from inside a word.
    const stamp = word.slice('palavra'.length);
    const search = (term: string) => ids(admin, `searchParam=${encodeURIComponent(term)}&showAll=true`);
    expect(await search(`QUERO ${word.slice(0, -3)}`)).toEqual([id]);
    expect(await search(`${word} ag`)).toEqual([id]);
    expect(await search(`alavra${stamp}`)).toEqual([]);
    // As typed: every character of the term, in order.
    expect(await search(`${word} agora!`)).toEqual([]);
  });

  it('masks numbers for profile user when lgpdHideNumber is on', async () => {
    const r = await ingestOf(host).ingest(connection, inbound('5511987654321', 'oi'));
    const id = r.outcome === 'stored' ? r.ticketId : 0;
    await sql(host, 'update tickets set queue_id = $1 where id = $2', [sales, id]);
    await host.request('/api/settings/lgpdHideNumber', {
      method: 'PUT',
      token: admin,
      body: { value: 'enabled' },
    });
    const seen = await (await host.request(`/api/tickets/${id}`, { token: agents.ana.token })).json();
    const adminSeen = await (await host.request(`/api/tickets/${id}`, { token: admin })).json();
    // The answer to a new ticket too: Ana closes this one and opens a new one for the contact.
    await put(admin, id, { status: 'closed' });
    const created = await host.request('/api/tickets', {
      token: agents.ana.token,
      body: {
        contactId: seen.contact.id,
        queueId: sales,
        whatsappId: connection.id,
        status: 'open',
        userId: agents.ana.id,
      },
    });
    expect(created.status).toBe(201);
    const createdSeen = await created.json();
    await host.request('/api/settings/lgpdHideNumber', {
      method: 'PUT',
      token: admin,
      body: { value: 'disabled' },
    });
    expect(seen.contact.number).toBe('551198*****21');
    expect(createdSeen.contact.number).toBe('551198*****21');
    expect(adminSeen.contact.number).toBe('5511987654321');
  });

  it('realtime: ticket events reach only who may see the ticket; joinChatBox is authorised', async () => {
    const ana = await openSocket(host.url, agents.ana.token);
    const caio = await openSocket(host.url, agents.caio.token);
    const id = await pendingTicket(sales);
    ana.frames.length = 0;
    caio.frames.length = 0;
    // Moving the ticket from Vendas to Suporte moves its events: Ana's list drops it, Caio's gains it.
    await put(admin, id, { queueId: support });
    const about = (frames: typeof ana.frames) =>
      frames.filter(
        (f) =>
          f.channel === 'company-1-ticket' &&
          (f.data.ticketId === id || (f.data.ticket as TicketDto)?.id === id),
      );
    await eventually(() => (about(caio.frames).length && about(ana.frames).length ? true : undefined));
    expect(about(ana.frames).map((f) => f.data.action)).toEqual(['delete']);
    expect(about(caio.frames).map((f) => f.data.action)).toEqual(['update']);

    ana.send({ type: 'joinChatBox', ticketId: id });
    caio.send({ type: 'joinChatBox', ticketId: id });
    await eventually(() => (ana.frames.some((f) => f.channel === 'error') ? true : undefined));
    await eventually(() => (caio.frames.some((f) => f.channel === 'joined') ? true : undefined));
    expect(caio.frames).toContainEqual({ channel: 'joined', data: { room: `ticket:${id}` } });
    expect(ana.frames).toContainEqual({
      channel: 'error',
      data: { error: 'ERR_NO_PERMISSION', room: `ticket:${id}` },
    });
    ana.close();
    caio.close();
  });
});

describe('messages', () => {
  it('sending needs an open ticket; private notes carry the agent name; a signature is bold', async () => {
    const id = await pendingTicket(sales);
    const refused = await host.request(`/api/messages/${id}`, {
      token: agents.ana.token,
      body: { body: 'oi' },
    });
    expect(await refused.json()).toEqual({ error: 'ERR_TICKET_NOT_OPEN' });
    await put(agents.ana.token, id, { status: 'open', userId: agents.ana.id });
    const note = await (
      await host.request(`/api/messages/${id}`, {
        token: agents.ana.token,
        body: { body: 'cliente VIP', isPrivate: true },
      })
    ).json();
    const signed = await (
      await host.request(`/api/messages/${id}`, {
        token: agents.ana.token,
        body: { body: 'Bom dia!', signMessage: true },
      })
    ).json();
    expect(note).toMatchObject({ body: 'Ana: cliente VIP', isPrivate: true, fromMe: true });
    expect(signed).toMatchObject({ body: '*Ana:*\nBom dia!', isPrivate: false, ack: 0 });
    const blank = await host.request(`/api/messages/${id}`, {
      token: agents.ana.token,
      body: { body: '   ' },
    });
    expect(blank.status).toBe(400);
  });

  it('opening a conversation reads it: unread clears for open tickets, pending ones stay new', async () => {
    const from = `v-read-${Date.now()}`;
    const first = await ingestOf(host).ingest(connection, inbound(from, 'um'));
    await ingestOf(host).ingest(connection, inbound(from, 'dois'));
    const id = first.outcome === 'stored' ? first.ticketId : 0;
    await host.request(`/api/messages/${id}`, { token: admin });
    expect((await (await host.request(`/api/tickets/${id}`, { token: admin })).json()).unreadMessages).toBe(
      2,
    );
    await put(admin, id, { status: 'open', userId: 1 });
    await ingestOf(host).ingest(connection, inbound(from, 'três'));
    expect((await (await host.request(`/api/tickets/${id}`, { token: admin })).json()).unreadMessages).toBe(
      1,
    );
    const page = await (await host.request(`/api/messages/${id}`, { token: admin })).json();
    expect(page.messages.every((m: { fromMe: boolean; read: boolean }) => m.fromMe || m.read)).toBe(true);
    expect((await (await host.request(`/api/tickets/${id}`, { token: admin })).json()).unreadMessages).toBe(
      0,
    );
  });

  it('pages history newest first, each page in order; only own messages can be deleted', async () => {
    const from = `v-history-${Date.now()}`;
    let ticketId = 0;
    for (let i = 1; i <= 25; i++) {
      const r = await ingestOf(host).ingest(
        connection,
        inbound(from, `m${i}`, { timestamp: new Date(Date.now() - (30 - i) * 1000) }),
      );
      if (r.outcome === 'stored') ticketId = r.ticketId;
    }
    await sql(host, 'update tickets set queue_id = $1 where id = $2', [sales, ticketId]);
    const page1 = await (
      await host.request(`/api/messages/${ticketId}?pageNumber=1`, { token: admin })
    ).json();
    const page2 = await (
      await host.request(`/api/messages/${ticketId}?pageNumber=2`, { token: admin })
    ).json();
    expect(page1.hasMore).toBe(true);
    expect(page1.messages.map((m: { body: string }) => m.body).slice(-2)).toEqual(['m24', 'm25']);
    expect(page2.messages.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(page2.hasMore).toBe(false);
    const theirs = page1.messages[0].id;
    expect((await host.request(`/api/messages/${theirs}`, { method: 'DELETE', token: admin })).status).toBe(
      403,
    );
    await put(agents.ana.token, ticketId, { status: 'open', userId: agents.ana.id });
    const mine = await (
      await host.request(`/api/messages/${ticketId}`, { token: agents.ana.token, body: { body: 'oops' } })
    ).json();
    expect(
      (await host.request(`/api/messages/${mine.id}`, { method: 'DELETE', token: agents.ana.token })).status,
    ).toBe(204);
    const after = await (await host.request(`/api/messages/${ticketId}`, { token: agents.ana.token })).json();
    expect(after.messages.at(-1)).toMatchObject({ id: mine.id, isDeleted: true });
  });
});
