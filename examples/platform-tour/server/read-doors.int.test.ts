import type { ContactDto, MessageDto, TagDto, TicketDto } from '@balcao/sdk';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tour from './index.js';

// The read doors and ticket tags as a plugin uses them, over real HTTP: GET/POST/PUT/DELETE /api/tour/read-doors/….

let host: TestHost;
let db: pg.Client;
let token: string;
let otherToken: string;
let ana: ContactDto;
let bruno: ContactDto;
let ticketId: number;
let connectionId: number;

const call = async <T>(path: string, init: { method?: string; body?: unknown; as?: string } = {}) => {
  const res = await host.request(`/api/tour/read-doors${path}`, {
    token: init.as ?? token,
    method: init.method,
    body: init.body,
  });
  return { status: res.status, body: (await res.json()) as T };
};
const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
  (await db.query<T>(text, params)).rows;

const newContact = async (name: string, number: string): Promise<ContactDto> =>
  (await host.request('/api/contacts', { token, body: { name, number } })).json() as Promise<ContactDto>;

beforeAll(async () => {
  host = await createTestHost({ plugins: [tour] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  const other = await createTenant(host, token, { name: 'Tour Outra', flags: { useIntegration: true } });
  otherToken = (await host.login(other.email, other.password)).token;
  db = new pg.Client({ connectionString: host.databaseUrl });
  await db.connect();
  ana = await newContact('Ana Tour', '5511955550001');
  bruno = await newContact('Bruno Tour', '5511955550002');
  // A ticket of Ana's on a connection, with 120 messages (every tenth a private note), written as ingest would.
  [{ id: connectionId }] = await sql<{ id: number }>(
    `insert into whatsapps (company_id, name, channel, token) values (1, 'Fone Tour', 'whatsapp', left(md5(random()::text), 24)) returning id`,
  );
  [{ id: ticketId }] = await sql<{ id: number }>(
    `insert into tickets (company_id, contact_id, whatsapp_id, status) values (1, $1, $2, 'open') returning id`,
    [ana.id, connectionId],
  );
  await sql(
    `insert into messages (company_id, ticket_id, contact_id, body, is_private)
     select 1, $1, $2, 'mensagem ' || n, n % 10 = 0 from generate_series(1, 120) n`,
    [ticketId, ana.id],
  );
});
afterAll(async () => {
  await db?.end();
  await host?.stop();
});

describe('messages.list and messages.find', () => {
  it('pages a ticket newest first by id: 50 by default, the cursor reaches every message once', async () => {
    const first = await call<MessageDto[]>(`/tickets/${ticketId}/messages`);
    expect(first.body).toHaveLength(50);
    expect(first.body[0].body).toBe('mensagem 120');
    const seen = first.body.map((m) => m.id);
    let beforeId = seen[seen.length - 1];
    for (;;) {
      const page = await call<MessageDto[]>(`/tickets/${ticketId}/messages?beforeId=${beforeId}&limit=200`);
      if (page.body.length === 0) break;
      seen.push(...page.body.map((m) => m.id));
      beforeId = page.body[page.body.length - 1].id;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(first.body.find((m) => m.body === 'mensagem 110')?.isPrivate).toBe(true);
  });

  it('refuses a limit over 200 or below 1 with the field named', async () => {
    for (const limit of [201, 0]) {
      const res = await call<{ error: string; fields: { path: string }[] }>(
        `/tickets/${ticketId}/messages?limit=${limit}`,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'limit' }] });
    }
  });

  it("finds a message of the company; another company's plugin finds neither it nor the ticket's messages", async () => {
    const [{ id }] = await sql<{ id: string }>(`select id from messages where body = 'mensagem 7'`);
    const found = await call<MessageDto>(`/messages/${id}`);
    expect(found.body).toMatchObject({ id: Number(id), ticketId, body: 'mensagem 7' });
    expect((await call(`/messages/${id}`, { as: otherToken })).status).toBe(404);
    expect((await call(`/tickets/${ticketId}/messages`, { as: otherToken })).body).toEqual([]);
  });
});

describe('contacts.list', () => {
  it('filters by tags (any of them), channel, connection and search, combined with AND', async () => {
    const vip = await call<TagDto>('/tags', { method: 'POST', body: { name: 'VIP Tour' } });
    const gold = await call<TagDto>('/tags', { method: 'POST', body: { name: 'Ouro Tour' } });
    await host.request('/api/tags/sync', { token, body: { contactId: ana.id, tags: [{ id: vip.body.id }] } });
    await host.request('/api/tags/sync', {
      token,
      body: { contactId: bruno.id, tags: [{ id: gold.body.id }] },
    });
    const names = async (query: string) =>
      (await host.request(`/api/tour/read-doors/audience?${query}`, { token })).json();
    expect(await names(`tagIds=${vip.body.id},${gold.body.id}`)).toMatchObject({ count: 2 });
    expect(await names(`tagIds=${vip.body.id}`)).toMatchObject({ count: 1 });
    expect(await names(`connectionId=${connectionId}`)).toMatchObject({ count: 1 });
    expect(await names(`connectionId=${connectionId}&tagIds=${gold.body.id}`)).toMatchObject({ count: 0 });
    expect(await names('search=bruno%20tour&channel=whatsapp')).toMatchObject({ count: 1 });
    expect(await names('channel=webchat')).toMatchObject({ count: 0 });
    expect((await call('/audience?search=a%00b')).status).toBe(400);
  });

  // 100,000 rows inserted and 500 pages read: more than the default 30 s on a busy machine (a bound, not a measure).
  it('walks an audience of 100,000 contacts page by page, each page at most 200', {
    timeout: 180_000,
  }, async () => {
    const big = await createTenant(host, token, { name: 'Tour Grande', flags: { useIntegration: true } });
    await sql(
      `insert into contacts (company_id, name, number)
       select $1, 'Contato ' || n, '55119' || lpad(n::text, 8, '0') from generate_series(1, 100000) n`,
      [big.companyId],
    );
    const bigToken = (await host.login(big.email, big.password)).token;
    const walk = await call<{ count: number; pages: number; largestPage: number }>('/audience', {
      as: bigToken,
    });
    expect(walk.body).toEqual({ count: 100_000, pages: 500, largestPage: 200 });
  });
});

describe('tags', () => {
  it('creates with the tags form rules and lists lanes with their counts', async () => {
    const lane = await call<TagDto>('/tags', { method: 'POST', body: { name: 'Fazendo', kanban: 1 } });
    expect(lane).toMatchObject({ status: 201, body: { name: 'Fazendo', kanban: 1 } });
    const short = await call<{ fields: unknown[] }>('/tags', { method: 'POST', body: { name: 'ab' } });
    expect(short).toMatchObject({
      status: 400,
      body: { fields: [{ path: 'name', message: 'Mensagem muito curta' }] },
    });
    const taken = await call('/tags', { method: 'POST', body: { name: 'FAZENDO' } });
    expect(taken.status).toBe(409);
    const lanes = await call<TagDto[]>('/tags?kanban=true');
    expect(lanes.body).toEqual([{ ...lane.body, contactsCount: 0, ticketsCount: 0 }]);
    const ordinary = await call<TagDto[]>('/tags?kanban=false');
    expect(ordinary.body.map((t) => t.name)).not.toContain('Fazendo');
  });
});

describe('tickets.addTag and removeTag', () => {
  it("moves a ticket onto a lane and off it: the ticket's own tags and the lane's count follow", async () => {
    const [lane] = (await call<TagDto[]>('/tags?kanban=true')).body;
    const added = await call<TicketDto>(`/tickets/${ticketId}/tags/${lane.id}`, { method: 'PUT' });
    expect(added.body.tags.map((t) => t.id)).toEqual([lane.id]);
    expect((await call<TagDto[]>('/tags?kanban=true')).body[0].ticketsCount).toBe(1);
    const again = await call<TicketDto>(`/tickets/${ticketId}/tags/${lane.id}`, { method: 'PUT' });
    expect(again.body.tags).toHaveLength(1);
    const removed = await call<TicketDto>(`/tickets/${ticketId}/tags/${lane.id}`, { method: 'DELETE' });
    expect(removed.body.tags).toEqual([]);
    expect((await call<TagDto[]>('/tags?kanban=true')).body[0].ticketsCount).toBe(0);
  });

  it("another company's plugin cannot tag the ticket, and no plugin can use another company's tag", async () => {
    const [lane] = (await call<TagDto[]>('/tags?kanban=true')).body;
    const theirs = await call<TagDto>('/tags', {
      method: 'POST',
      body: { name: 'Deles Tour' },
      as: otherToken,
    });
    expect(
      (await call(`/tickets/${ticketId}/tags/${lane.id}`, { method: 'PUT', as: otherToken })).status,
    ).toBe(404);
    const foreign = await call<{ error: string }>(`/tickets/${ticketId}/tags/${theirs.body.id}`, {
      method: 'PUT',
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect((await sql('select 1 from ticket_tags where ticket_id = $1', [ticketId])).length).toBe(0);
  });

  it("setTags makes the ticket's own tags exactly those; another company's tag or a non-id is refused", async () => {
    const [lane] = (await call<TagDto[]>('/tags?kanban=true')).body;
    const vip = (await call<TagDto[]>('/tags?kanban=false')).body.find(
      (t) => t.name === 'VIP Tour',
    ) as TagDto;
    const both = await call<TicketDto>(`/tickets/${ticketId}/tags`, {
      method: 'PUT',
      body: { tagIds: [vip.id, lane.id, vip.id] },
    });
    expect(both.body.tags.map((t) => t.id).sort()).toEqual([lane.id, vip.id].sort());
    const one = await call<TicketDto>(`/tickets/${ticketId}/tags`, {
      method: 'PUT',
      body: { tagIds: [lane.id] },
    });
    expect(one.body.tags.map((t) => t.id)).toEqual([lane.id]);
    const theirs = (await call<TagDto[]>('/tags', { as: otherToken })).body[0];
    for (const tagIds of [[theirs.id], ['x'], [2 ** 31]]) {
      const res = await call(`/tickets/${ticketId}/tags`, { method: 'PUT', body: { tagIds } });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    const none = await call<TicketDto>(`/tickets/${ticketId}/tags`, { method: 'PUT', body: { tagIds: [] } });
    expect(none.body.tags).toEqual([]);
  });
});
