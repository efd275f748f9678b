import type { ContactDto, TagDto, TicketDto } from '@balcao/sdk';
import { connectSocket, createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardDto, DEFAULT_LANE, groupByLane, type LanesDto } from '../shared/board.js';
import kanban from './index.js';

/**
 * The board as users get it: its lanes and cards, a card's move through the plugin's own call, the plan gate, the
 * viewer's visibility (an attendant never sees nor moves another queue's card) and the admin's lane order.
 */
let host: TestHost;
let root: string;
let admin: string;
let ana: string;
const queues: Record<string, number> = {};
const lanes: Record<string, TagDto> = {};
let ordinary: TagDto;
let contacts = 0;
let companyId: number;
/** Tickets by name: Vendas pending / open, Suporte pending, and one closed. */
const tickets: Record<string, TicketDto> = {};

async function json<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await host.request(path, { token, ...init });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function ticket(queueId: number, status: 'open' | 'pending' = 'pending') {
  contacts += 1;
  const contact = await json<ContactDto>('/api/contacts', admin, {
    body: { name: `Cliente ${contacts}`, number: `5511988800${100 + contacts}` },
  });
  return json<TicketDto>('/api/tickets', admin, { body: { contactId: contact.id, status, queueId } });
}

const board = (token: string, query = '') => json<BoardDto>(`/api/ticket/kanban${query}`, token);
const move = (token: string, ticketId: number, body: unknown) =>
  host.request(`/api/ticket/kanban/${ticketId}`, { token, method: 'PUT', body });
const laneOf = (b: BoardDto, laneIds: number[], ticketId: number) =>
  [...groupByLane(b.tickets, laneIds)]
    .filter(([, cards]) => cards.some((c) => c.id === ticketId))
    .map(([l]) => l);

beforeAll(async () => {
  host = await createTestHost({ plugins: [kanban] });
  root = (await host.login(host.admin.email, host.admin.password)).token;
  const plan = await json<{ id: number }>('/api/plans', root, {
    body: { name: 'Quadro plan', users: 10, queues: 5, useKanban: true },
  });
  const email = 'admin@quadro.test';
  const company = await json<{ id: number }>('/api/companies', root, {
    body: {
      name: 'Quadro',
      email,
      planId: plan.id,
      status: true,
      dueDate: '2999-01-01',
      password: 'quadro-pass',
    },
  });
  companyId = company.id;
  admin = (await host.login(email, 'quadro-pass')).token;
  for (const [name, color] of [
    ['Vendas', '#2e7d32'],
    ['Suporte', '#1565c0'],
  ])
    queues[name] = (await json<{ id: number }>('/api/queue', admin, { body: { name, color } })).id;
  await json('/api/users', admin, {
    body: { name: 'Ana', email: 'ana@quadro.test', password: 'quadro-pass', queueIds: [queues.Vendas] },
  });
  ana = (await host.login('ana@quadro.test', 'quadro-pass')).token;
  for (const name of ['Negociação', 'Fechamento', 'Aguardando'])
    lanes[name] = await json<TagDto>('/api/tags', admin, { body: { name, color: '#ff9800', kanban: 1 } });
  ordinary = await json<TagDto>('/api/tags', admin, { body: { name: 'VIP', color: '#000000', kanban: 0 } });
  tickets.vendas = await ticket(queues.Vendas);
  tickets.vendasOpen = await ticket(queues.Vendas, 'open');
  tickets.suporte = await ticket(queues.Suporte);
  tickets.closed = await ticket(queues.Vendas);
  await json(`/api/tickets/${tickets.closed.id}`, admin, { method: 'PUT', body: { status: 'closed' } });
});
afterAll(() => host?.stop());

describe('the board', () => {
  it('lists the kanban tags as lanes (name order until the admin sets one), never ordinary tags', async () => {
    const { lanes: got } = await json<LanesDto>('/api/kanban/lanes', admin);
    expect(got.map((l) => l.name)).toEqual(['Aguardando', 'Fechamento', 'Negociação']);
    expect(got[0]).toMatchObject({ id: lanes.Aguardando.id, color: '#ff9800', kanban: 1, ticketsCount: 0 });
  });

  it('shows every ticket in progress as a card in the default lane until it has a kanban tag; closed ones never', async () => {
    const b = await board(admin);
    expect(b.hasMore).toBe(false);
    expect(b.tickets.map((t) => t.id).sort()).toEqual(
      [tickets.vendas.id, tickets.vendasOpen.id, tickets.suporte.id].sort(),
    );
    const card = b.tickets.find((t) => t.id === tickets.vendas.id);
    expect(card).toEqual({
      id: tickets.vendas.id,
      uuid: tickets.vendas.uuid,
      status: 'pending',
      queueId: queues.Vendas,
      contact: {
        id: tickets.vendas.contactId,
        name: tickets.vendas.contact.name,
        number: tickets.vendas.contact.number,
      },
      lastMessage: tickets.vendas.lastMessage,
      tagIds: [],
      updatedAt: expect.any(String),
    });
    const laneIds = Object.values(lanes).map((l) => l.id);
    expect(laneOf(b, laneIds, tickets.vendas.id)).toEqual([DEFAULT_LANE]);
  });

  it('moves a card with its own call: the old lane off and the new one on at once; ordinary tags stay', async () => {
    const id = tickets.vendas.id;
    const laneIds = Object.values(lanes).map((l) => l.id);
    await json(`/api/ticket-tags/${id}/${ordinary.id}`, admin, { method: 'PUT' });
    const onto = await move(admin, id, { laneTagId: lanes.Negociação.id });
    expect(onto.status).toBe(200);
    expect(laneOf(await board(admin), laneIds, id)).toEqual([lanes.Negociação.id]);
    const moved = await move(admin, id, { laneTagId: lanes.Fechamento.id });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as TicketDto).tags.map((t) => t.id).sort()).toEqual(
      [ordinary.id, lanes.Fechamento.id].sort(),
    );
    const b = await board(admin);
    expect(laneOf(b, laneIds, id)).toEqual([lanes.Fechamento.id]);
    expect(b.tickets.find((t) => t.id === id)?.tagIds.sort()).toEqual(
      [ordinary.id, lanes.Fechamento.id].sort(),
    );
    const counted = (await json<LanesDto>('/api/kanban/lanes', admin)).lanes;
    expect(counted.find((l) => l.id === lanes.Fechamento.id)?.ticketsCount).toBe(1);
    expect(counted.find((l) => l.id === lanes.Negociação.id)?.ticketsCount).toBe(0);
    // Back to the default lane: laneTagId null.
    const back = await move(admin, id, { laneTagId: null });
    expect(((await back.json()) as TicketDto).tags.map((t) => t.id)).toEqual([ordinary.id]);
    expect(laneOf(await board(admin), laneIds, id)).toEqual([DEFAULT_LANE]);
  });

  it("an attendant moves her queue's card; another queue's is not found to her, and stays where it was", async () => {
    const laneIds = Object.values(lanes).map((l) => l.id);
    // The pending ticket of her queue (the admin's open one is his alone).
    const hers = await move(ana, tickets.vendas.id, { laneTagId: lanes.Aguardando.id });
    expect(hers.status).toBe(200);
    expect(laneOf(await board(ana), laneIds, tickets.vendas.id)).toEqual([lanes.Aguardando.id]);
    const theirs = await move(ana, tickets.suporte.id, { laneTagId: lanes.Aguardando.id });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect(laneOf(await board(admin), laneIds, tickets.suporte.id)).toEqual([DEFAULT_LANE]);
    expect((await move(ana, tickets.vendasOpen.id, { laneTagId: null })).status).toBe(404);
    await move(ana, tickets.vendas.id, { laneTagId: null });
  });

  it("refuses an ordinary tag, an unknown one or another company's lane (kanban:ERR_NOT_A_LANE), moving nothing", async () => {
    const theirs = await json<TagDto>('/api/tags', root, { body: { name: 'Raia alheia', kanban: 1 } });
    for (const laneTagId of [ordinary.id, 2_000_000, theirs.id]) {
      const res = await move(admin, tickets.vendas.id, { laneTagId });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'kanban:ERR_NOT_A_LANE', tagIds: [laneTagId] });
    }
    const card = (await board(admin)).tickets.find((t) => t.id === tickets.vendas.id);
    expect(card?.tagIds).toEqual([ordinary.id]);
  });

  it('refuses malformed ids and bodies with 400 ERR_VALIDATION, never 500', async () => {
    const id = tickets.vendas.id;
    for (const [path, body] of [
      [`/api/ticket/kanban/${id}`, {}],
      [`/api/ticket/kanban/${id}`, { laneTagId: 'x' }],
      [`/api/ticket/kanban/${id}`, { laneTagId: 3_000_000_000 }],
      [`/api/ticket/kanban/${id}`, { laneTagId: -1 }],
      ['/api/ticket/kanban/abc', { laneTagId: null }],
      ['/api/ticket/kanban/2147483648', { laneTagId: null }],
    ] as const) {
      const res = await host.request(path, { token: admin, method: 'PUT', body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await res.json()).error).toBe('ERR_VALIDATION');
    }
  });

  it('narrows the board to the queues asked for (queueIds, a JSON list)', async () => {
    const b = await board(admin, `?queueIds=${encodeURIComponent(JSON.stringify([queues.Suporte]))}`);
    expect(b.tickets.map((t) => t.id)).toEqual([tickets.suporte.id]);
  });

  it('refuses hostile queries with 400, never 500', async () => {
    for (const q of [
      '[99999999999]',
      'abc',
      '[1,"x"]',
      '{"a":1}',
      `[${Array.from({ length: 101 }, (_, i) => i + 1)}]`,
    ]) {
      const res = await host.request(`/api/ticket/kanban?queueIds=${encodeURIComponent(q)}`, {
        token: admin,
      });
      expect(res.status, q).toBe(400);
      expect((await res.json()).error).toBe('ERR_VALIDATION');
    }
  });
});

describe('only the tickets the user may see', () => {
  it("an attendant never sees another queue's card, even asking for that queue", async () => {
    const mine = (await board(ana)).tickets.map((t) => t.id);
    expect(mine).toContain(tickets.vendas.id);
    expect(mine).not.toContain(tickets.suporte.id);
    const asked = await board(ana, `?queueIds=${encodeURIComponent(JSON.stringify([queues.Suporte]))}`);
    expect(asked.tickets).toEqual([]);
  });

  it('masks the numbers on her cards when LGPD hides them from attendants', async () => {
    await json('/api/settings/lgpdHideNumber', admin, { method: 'PUT', body: { value: 'enabled' } });
    try {
      const stored = tickets.vendas.contact.number;
      const hers = (await board(ana)).tickets.find((t) => t.id === tickets.vendas.id);
      expect(hers?.contact.number).not.toBe(stored);
      expect(hers?.contact.number).toMatch(/\*/);
      const admins = (await board(admin)).tickets.find((t) => t.id === tickets.vendas.id);
      expect(admins?.contact.number).toBe(stored);
    } finally {
      await json('/api/settings/lgpdHideNumber', admin, { method: 'PUT', body: { value: 'disabled' } });
    }
  });

  it("keeps them masked on her board when a card moves live (the socket's frame, not only the board call)", async () => {
    await json('/api/settings/lgpdHideNumber', admin, { method: 'PUT', body: { value: 'enabled' } });
    const socket = await connectSocket(host, ana);
    try {
      const id = tickets.vendas.id;
      expect((await move(admin, id, { laneTagId: lanes.Negociação.id })).status).toBe(200);
      const frame = (await socket.waitFor(`company-${companyId}-ticket`, (d) => {
        const t = (d as { ticket?: TicketDto }).ticket;
        return t?.id === id && t.tags.some((g) => g.id === lanes.Negociação.id);
      })) as { data: { ticket: TicketDto } };
      expect(frame.data.ticket.contact.number).not.toBe(tickets.vendas.contact.number);
      expect(frame.data.ticket.contact.number).toMatch(/\*/);
    } finally {
      socket.close();
      await move(admin, tickets.vendas.id, { laneTagId: null });
      await json('/api/settings/lgpdHideNumber', admin, { method: 'PUT', body: { value: 'disabled' } });
    }
  });
});

describe('lane order', () => {
  const order = (token: string, body: unknown) =>
    host.request('/api/kanban/lanes/order', { token, method: 'PUT', body });

  it('the admin sets the order; lanes left out follow by name; everyone reads it', async () => {
    const res = await order(admin, { tagIds: [lanes.Negociação.id, lanes.Fechamento.id] });
    expect(res.status).toBe(200);
    const expected = ['Negociação', 'Fechamento', 'Aguardando'];
    expect(((await res.json()) as LanesDto).lanes.map((l) => l.name)).toEqual(expected);
    expect((await json<LanesDto>('/api/kanban/lanes', ana)).lanes.map((l) => l.name)).toEqual(expected);

    await order(admin, { tagIds: [lanes.Aguardando.id] });
    const again = (await json<LanesDto>('/api/kanban/lanes', admin)).lanes.map((l) => l.name);
    expect(again).toEqual(['Aguardando', 'Fechamento', 'Negociação']);
  });

  it("every board hears of it live: a new order and a card's move reach the attendant's socket", async () => {
    const socket = await connectSocket(host, ana);
    try {
      const r = await order(admin, { tagIds: [lanes.Fechamento.id] });
      expect(r.status).toBe(200);
      await socket.waitFor(
        `company-${companyId}-kanban`,
        (d) => (d as { action?: string }).action === 'lanes',
      );
      const id = tickets.vendas.id;
      expect((await move(admin, id, { laneTagId: lanes.Aguardando.id })).status).toBe(200);
      const frame = await socket.waitFor(`company-${companyId}-ticket`, (d) => {
        const t = (d as { ticket?: TicketDto }).ticket;
        return t?.id === id && t.tags.some((g) => g.id === lanes.Aguardando.id);
      });
      expect(frame).toBeDefined();
      await move(admin, id, { laneTagId: null });
    } finally {
      socket.close();
    }
  });

  it('a deleted lane leaves the order; a new one joins at the end', async () => {
    const extra = await json<TagDto>('/api/tags', admin, { body: { name: 'Perdido', kanban: 1 } });
    await order(admin, { tagIds: [extra.id, lanes.Fechamento.id] });
    await json(`/api/tags/${extra.id}`, admin, { method: 'DELETE' });
    const names = (await json<LanesDto>('/api/kanban/lanes', admin)).lanes.map((l) => l.name);
    expect(names).toEqual(['Fechamento', 'Aguardando', 'Negociação']);
  });

  it('an attendant may not set it (403)', async () => {
    const res = await order(ana, { tagIds: [lanes.Aguardando.id] });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });

  it("refuses an ordinary tag, an unknown id or another company's lane (kanban:ERR_NOT_A_LANE)", async () => {
    const theirs = await json<TagDto>('/api/tags', root, { body: { name: 'Alheia', kanban: 1 } });
    for (const id of [ordinary.id, 2_000_000, theirs.id]) {
      const res = await order(admin, { tagIds: [lanes.Aguardando.id, id] });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'kanban:ERR_NOT_A_LANE', tagIds: [id] });
    }
  });

  it('refuses malformed bodies with 400 ERR_VALIDATION', async () => {
    const a = lanes.Aguardando.id;
    for (const body of [
      {},
      { tagIds: 'x' },
      { tagIds: [a, a] },
      { tagIds: [3_000_000_000] },
      { tagIds: ['\u0000'] },
    ]) {
      const res = await order(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toBe('ERR_VALIDATION');
    }
  });
});

describe('plan gate', () => {
  it('a company whose plan lacks useKanban gets 403 on every kanban route, the move of its own ticket included', async () => {
    const t = await createTenant(host, root, { name: 'Sem Quadro', flags: { useKanban: false } });
    const { token } = await host.login(t.email, t.password);
    // Its own ticket and a kanban tag of its own: the refusal is the plan's, not a missing record.
    const contact = await json<ContactDto>('/api/contacts', token, {
      body: { name: 'Cliente Sem Quadro', number: '5511988809999' },
    });
    const own = await json<TicketDto>('/api/tickets', token, {
      body: { contactId: contact.id, status: 'open' },
    });
    const lane = await json<TagDto>('/api/tags', token, { body: { name: 'Raia sem plano', kanban: 1 } });
    const moveRes = await move(token, own.id, { laneTagId: lane.id });
    expect(moveRes.status).toBe(403);
    expect(await moveRes.json()).toEqual({ error: 'ERR_NO_PERMISSION', planFlag: 'useKanban' });
    expect((await json<TicketDto>(`/api/tickets/${own.id}`, token)).tags).toEqual([]);
    for (const [path, method] of [
      ['/api/ticket/kanban', 'GET'],
      ['/api/kanban/lanes', 'GET'],
      ['/api/kanban/lanes/order', 'PUT'],
    ]) {
      const res = await host.request(path, {
        token,
        method,
        body: method === 'PUT' ? { tagIds: [] } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION', planFlag: 'useKanban' });
    }
  });
});
