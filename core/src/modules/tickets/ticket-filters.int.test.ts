import type { TicketDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, ingestOf, sql } from '../../testing/attendance-fixtures.js';
import { listFilters, type TicketListFilters, ticketListSql } from './ticket-list-sql.js';
import { FEW_TAGGED_MAX, TicketTagSizes } from './ticket-tag-sizes.js';

/** GET /api/tickets Search-tab filters (spec part 1 §7): tags, users, whatsappIds, statusFilter, userFilter. */
let host: TestHost;
let admin: string;
let site: { id: number; companyId: number; channel: string };
let shop: { id: number; companyId: number; channel: string };
let adminId: number;

async function connection(name: string) {
  const res = await host.request('/api/whatsapp', { token: admin, body: { name, channel: 'webchat' } });
  const c = await res.json();
  return { id: c.id as number, companyId: 1, channel: 'webchat' };
}

async function ticketOn(conn: typeof site): Promise<{ id: number; contactId: number }> {
  const r = await ingestOf(host).ingest(conn, inbound(`v-${Math.random()}`, 'Olá'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  const [row] = await sql<{ contact_id: number }>(host, 'select contact_id from tickets where id = $1', [
    r.ticketId,
  ]);
  return { id: r.ticketId, contactId: row.contact_id };
}

const noFilters = listFilters();

/** The list statement run as the service runs it, for one choice of read (ids of the page, and the count). */
async function listed(filters: Partial<TicketListFilters>): Promise<{ ids: number[]; total: number }> {
  const access = { userId: adminId, isAdmin: true, allTicket: false, allowGroup: false, queueIds: [] };
  const q = ticketListSql(1, access, { ...noFilters, ...filters });
  let n = 0;
  const rows = await sql<{ id: number | null; total: number }>(
    host,
    q.sql.replace(/\?/g, () => `$${++n}`),
    q.params,
  );
  return { ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])), total: Number(rows[0].total) };
}

const ids = async (query: string) => {
  const res = await host.request(`/api/tickets?showAll=true&${query}`, { token: admin });
  expect(res.status).toBe(200);
  return ((await res.json()).tickets as TicketDto[]).map((t) => t.id).sort((a, b) => a - b);
};

let a: { id: number; contactId: number };
let b: { id: number; contactId: number };
let c: { id: number; contactId: number };

beforeAll(async () => {
  host = await createTestHost();
  const session = await host.login(host.admin.email, host.admin.password);
  admin = session.token;
  adminId = (await (await host.request('/api/auth/me', { token: admin })).json()).id;
  site = await connection('Site');
  shop = await connection('Loja');
  a = await ticketOn(site);
  b = await ticketOn(site);
  c = await ticketOn(shop);
  // a: open with the admin; b: closed; c: pending.
  await sql(host, "update tickets set status = 'open', user_id = $1 where id = $2", [adminId, a.id]);
  await sql(host, "update tickets set status = 'closed' where id = $1", [b.id]);
});
afterAll(() => host?.stop());

describe('ticket list filters', () => {
  it('whatsappIds and its peer name whatsapps keep one connection', async () => {
    expect(await ids(`whatsappIds=${JSON.stringify([shop.id])}`)).toEqual([c.id]);
    expect(await ids(`whatsapps=${site.id}`)).toEqual([a.id, b.id]);
  });

  it('statusFilter keeps any of the statuses; unknown statuses are ignored', async () => {
    expect(await ids(`statusFilter=${encodeURIComponent(JSON.stringify(['closed', 'pending']))}`)).toEqual([
      b.id,
      c.id,
    ]);
    expect(await ids('statusFilter=open')).toEqual([a.id]);
    expect(await ids(`statusFilter=${encodeURIComponent('["bogus"]')}`)).toEqual([a.id, b.id, c.id]);
  });

  it('users and userFilter keep the tickets of those attendants', async () => {
    expect(await ids(`users=${JSON.stringify([adminId])}`)).toEqual([a.id]);
    expect(await ids(`userFilter=${JSON.stringify([adminId])}`)).toEqual([a.id]);
    // Across statuses (each attendant and status is read on its own), and with a status filter on top.
    await sql(host, 'update tickets set user_id = $1 where id = $2', [adminId, b.id]);
    expect(await ids(`users=${JSON.stringify([adminId, 999_999])}`)).toEqual([a.id, b.id]);
    expect(await ids(`users=${JSON.stringify([adminId])}&statusFilter=closed`)).toEqual([b.id]);
    await sql(host, 'update tickets set user_id = null where id = $1', [b.id]);
  });

  it("date and updatedAt keep the tickets created / last updated on that day of the company's calendar", async () => {
    // 02:30 UTC on 10 Nov is still 9 Nov in São Paulo (UTC−3); 12:00 UTC on 10 Nov is 10 Nov there.
    await sql(
      host,
      "update tickets set created_at = '2026-11-10T02:30:00Z', updated_at = '2026-11-10T12:00:00Z' where id = $1",
      [a.id],
    );
    await sql(
      host,
      "update tickets set created_at = '2026-11-10T12:00:00Z', updated_at = '2026-11-12T12:00:00Z' where id = $1",
      [b.id],
    );
    expect(await ids('date=2026-11-09')).toEqual([a.id]);
    expect(await ids('date=2026-11-10')).toEqual([b.id]);
    expect(await ids('updatedAt=2026-11-10')).toEqual([a.id]);
    expect(await ids('date=2026-11-10&updatedAt=2026-11-12')).toEqual([b.id]);
    expect(await ids('date=2026-11-10&updatedAt=2026-11-10')).toEqual([]);
    const bad = await host.request('/api/tickets?date=10/11/2026', { token: admin });
    expect(bad.status).toBe(400);
    await sql(host, 'update tickets set created_at = now(), updated_at = now() where id = any($1)', [
      [a.id, b.id],
    ]);
  });

  it("tags match the contact's tags as well as the ticket's", async () => {
    const tag = await (
      await host.request('/api/tags', { token: admin, body: { name: 'VIP', color: '#2e7d32' } })
    ).json();
    const kanban = await (
      await host.request('/api/tags', {
        token: admin,
        body: { name: 'Etapa 1', color: '#1565c0', kanban: 1 },
      })
    ).json();
    const sync = await host.request('/api/tags/sync', {
      token: admin,
      body: { contactId: b.contactId, tags: [{ id: tag.id }] },
    });
    expect(sync.status).toBeLessThan(300);
    await sql(host, 'insert into ticket_tags (ticket_id, tag_id) values ($1, $2)', [c.id, kanban.id]);
    expect(await ids(`tags=${JSON.stringify([tag.id])}`)).toEqual([b.id]);
    expect(await ids(`tags=${JSON.stringify([kanban.id])}`)).toEqual([c.id]);
    expect(await ids(`tags=${JSON.stringify([tag.id, kanban.id])}&statusFilter=closed`)).toEqual([b.id]);
  });

  it('a tag on more tickets than are read by id walks the list instead, with the same order and count', async () => {
    const bulk = await (
      await host.request('/api/tags', { token: admin, body: { name: 'Em massa', color: '#6a1b9a' } })
    ).json();
    // 100 more closed tickets carry the tag than are read by id, one per contact, newest first by id.
    await sql(
      host,
      `with c as (insert into contacts (company_id, name, number, channel)
                  select 1, 'Massa ' || i, 'massa-' || i, 'webchat' from generate_series(1, $3::int) i returning id),
            t as (insert into tickets (company_id, status, channel, contact_id, whatsapp_id, last_message, updated_at)
                  select 1, 'closed', 'webchat', c.id, $1, 'x', now() - interval '1 day' - c.id * interval '1 second'
                    from c returning id)
       insert into ticket_tags (ticket_id, tag_id) select t.id, $2 from t`,
      [site.id, bulk.id, FEW_TAGGED_MAX + 100],
    );
    // b (its contact tagged VIP) is the newest closed ticket: it leads the page whichever tag matched it.
    const [vip] = await sql<{ id: number }>(host, "select id from tags where name = 'VIP'");
    const page = async (tags: number[], pageNumber: number) => {
      const res = await host.request(
        `/api/tickets?showAll=true&statusFilter=closed&pageNumber=${pageNumber}&tags=${JSON.stringify(tags)}`,
        { token: admin },
      );
      return (await res.json()) as { tickets: TicketDto[]; count: number; hasMore: boolean };
    };
    const expected = await sql<{ id: number }>(
      host,
      `select t.id from tickets t where t.status = 'closed' and (t.id = $1 or t.id in (select ticket_id from ticket_tags where tag_id = $2))
        order by t.unread_messages > 0 desc, t.updated_at desc, t.id desc limit 80`,
      [b.id, bulk.id],
    );
    const first = await page([bulk.id, vip.id], 1);
    const second = await page([bulk.id, vip.id], 2);
    expect([...first.tickets, ...second.tickets].map((t) => t.id)).toEqual(expected.map((r) => r.id));
    expect(first.tickets[0].id).toBe(b.id);
    expect([first.count, first.hasMore]).toEqual([100, true]);
    // The VIP tag alone is on one contact: read by id, the same ticket.
    expect((await page([vip.id], 1)).tickets.map((t) => t.id)).toEqual([b.id]);
    // Either read answers the same page and count, whichever the sizes choose.
    const sizes = new TicketTagSizes({ orm: host.resolve('orm') });
    expect(await sizes.fewTagged(1, [bulk.id])).toBe(false);
    expect(await sizes.fewTagged(1, [vip.id])).toBe(true);
    for (const fewTagged of [false, true]) {
      const read = await listed({ statuses: ['closed'], tagIds: [bulk.id, vip.id], fewTagged });
      expect(read.ids.slice(0, 40)).toEqual(expected.slice(0, 40).map((r) => r.id));
      expect(read.total).toBe(100);
      expect((await listed({ tagIds: [vip.id], fewTagged })).ids).toEqual([b.id]);
    }
  });

  it("keeps each ticket's tag ids in step with its own and its contact's tags", async () => {
    const tag = async (name: string) =>
      (await (
        await host.request('/api/tags', { token: admin, body: { name, color: '#00838f' } })
      ).json()) as {
        id: number;
      };
    const [gold, silver] = [await tag('Ouro'), await tag('Prata')];
    const d = await ticketOn(site);
    const tagIdsOf = async (id: number) =>
      (await sql<{ tag_ids: number[] }>(host, 'select tag_ids from tickets where id = $1', [id]))[0].tag_ids;
    const syncContact = (tags: { id: number }[]) =>
      host.request('/api/tags/sync', { token: admin, body: { contactId: d.contactId, tags } });
    expect((await syncContact([silver, gold])).status).toBeLessThan(300);
    expect(await tagIdsOf(d.id)).toEqual([gold.id, silver.id].sort((x, y) => x - y));
    // The ticket's own tag joins them; removing the contact's leaves the ticket's.
    await sql(host, 'insert into ticket_tags (ticket_id, tag_id) values ($1, $2)', [d.id, silver.id]);
    const shown = (await (await host.request(`/api/tickets/${d.id}`, { token: admin })).json()) as TicketDto;
    expect(shown.tags.map((t) => t.name)).toEqual(['Prata']);
    expect(shown.contact.tags?.map((t) => t.name)).toEqual(['Ouro', 'Prata']);
    expect((await syncContact([])).status).toBeLessThan(300);
    expect(await tagIdsOf(d.id)).toEqual([silver.id]);
    // A new ticket of a tagged contact starts with the contact's tags.
    expect((await syncContact([gold])).status).toBeLessThan(300);
    await sql(host, "update tickets set status = 'closed' where id = $1", [d.id]);
    const [{ id: next }] = await sql<{ id: number }>(
      host,
      `insert into tickets (company_id, status, channel, contact_id, whatsapp_id, last_message)
       values (1, 'pending', 'webchat', $1, $2, 'x') returning id`,
      [d.contactId, site.id],
    );
    expect(await tagIdsOf(next)).toEqual([gold.id]);
    // A deleted tag leaves every ticket; a deleted tagged contact takes its tickets without error.
    expect(
      (await host.request(`/api/tags/${gold.id}`, { method: 'DELETE', token: admin })).status,
    ).toBeLessThan(300);
    expect(await tagIdsOf(next)).toEqual([]);
    expect(await tagIdsOf(d.id)).toEqual([silver.id]);
    expect((await syncContact([silver])).status).toBeLessThan(300);
    const gone = await host.request(`/api/contacts/${d.contactId}`, { method: 'DELETE', token: admin });
    expect(gone.status).toBeLessThan(300);
    expect(await sql(host, 'select id from tickets where contact_id = $1', [d.contactId])).toEqual([]);
  });

  it('a text search lists the same tickets whether it gathers the hits or walks the list (common terms, many names)', async () => {
    const d = await ticketOn(site);
    await ingestOf(host).ingest(site, inbound(`v-${Math.random()}`, 'quero um Reembolso do pedido'));
    const [{ id: e }] = await sql<{ id: number }>(host, 'select max(id) id from tickets');
    await ingestOf(host).ingest(site, inbound(`v-${Math.random()}`, 'sem relação'));
    await sql(host, "update contacts set name = 'Ana Reembolsos' where id = $1", [d.contactId]);
    const expected = [d.id, e].sort((x, y) => x - y);
    expect(await ids('searchParam=reembolso')).toEqual(expected);
    for (const shape of [{}, { commonTerm: true }, { manyNamed: true }]) {
      const read = await listed({ searchParam: 'reembolso', ...shape });
      expect(read.ids.sort((x, y) => x - y)).toEqual(expected);
      expect(read.total).toBe(2);
    }
  });
});
