import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { explainAsServed } from '../../testing/served-plan.js';
import { CONTACTS_PAGE_SIZE } from '../contacts/contact-schemas.js';
import { contactPageSql } from '../contacts/contacts-query.js';
import { companyGuesses, type RunRows, searchShapeWith } from './search-shape.js';
import { listFilters, ticketListSql, walksListIndexOnly } from './ticket-list-sql.js';

// Issue 30: searches by name must be answered from the trigram indexes, the per-word name index and the bodies' words
// index as written,
// whatever the statistics guess.
// Plan shape, not time: EXPLAIN (no ANALYZE) with sequential scans priced out, as on a table too large to read
// whole; a query the indexes cannot drive still shows its sequential scan.

let host: TestHost;

beforeAll(async () => {
  host = await createTestHost();
  // 20,000 contacts, one in 500 a Nogueira (40), one in 20 a Pereira (960: a common surname), each with a ticket
  // and a message.
  await sql(
    host,
    `insert into contacts (company_id, name, number, channel)
     select 1, case when i % 500 = 0 then 'Ana Nogueira ' || i when i % 20 = 0 then 'Carla Pereira ' || i
                    else 'Bruno Silva ' || i end,
            '5511' || lpad(i::text, 9, '0'), 'whatsapp'
       from generate_series(1, 20000) i;
     insert into tickets (company_id, status, channel, contact_id, updated_at)
     select 1, case when c.id % 3 = 0 then 'closed' else 'pending' end, 'whatsapp', c.id, now() - c.id * interval '1 minute'
       from contacts c where c.company_id = 1 and c.name like '% %';
     insert into messages (company_id, ticket_id, body)
     select 1, t.id, 'preciso de ajuda com o pedido ' || t.id from tickets t`,
  );
  // As autovacuum leaves them: the trigram indexes' pending entries merged, statistics taken.
  for (const table of ['contacts', 'tickets', 'messages', 'contact_name_words', 'contact_words'])
    await sql(host, `vacuum analyze ${table}`);
});
afterAll(() => host?.stop());

/** The plan's node lines, planned for the values as the server plans a search (not a generic plan). */
async function plan(q: { sql: string; params: unknown[] }): Promise<string[]> {
  const c = new pg.Client({ connectionString: host.databaseUrl });
  await c.connect();
  try {
    await c.query('set enable_seqscan = off');
    let n = 0;
    const { rows } = await c.query<{ 'QUERY PLAN': string }>(
      `explain ${q.sql.replace(/\?/g, () => `$${++n}`)}`,
      q.params,
    );
    return rows.map((r) => r['QUERY PLAN']);
  } finally {
    await c.end();
  }
}

/** The plan as JSON, run (EXPLAIN ANALYZE): what each node really read. */
async function analyzed(q: { sql: string; params: unknown[] }): Promise<PlanNode> {
  let n = 0;
  const [row] = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    host,
    `explain (analyze, format json) ${q.sql.replace(/\?/g, () => `$${++n}`)}`,
    q.params,
  );
  return row['QUERY PLAN'][0].Plan;
}

/** The plan the server runs (explainAsServed); this file's messages table is empty, so sequential scans are priced out. */
const asServed = (q: { sql: string; params: unknown[] }) =>
  explainAsServed<PlanNode>(host.databaseUrl, q, { seqscanOff: true });

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan. */
const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

/** Rows a plan read from `tickets` (returned or filtered out, over all loops). */
const ticketRowsRead = (p: PlanNode) =>
  nodes(p)
    .filter((x) => x['Relation Name'] === 'tickets')
    .reduce((sum, x) => sum + (x['Actual Rows'] + (x['Rows Removed by Filter'] ?? 0)) * x['Actual Loops'], 0);

/** Runs a statement with `?` placeholders on the test's database. */
const run: RunRows = (q, params) => {
  let n = 0;
  return sql(
    host,
    q.replace(/\?/g, () => `$${++n}`),
    params,
  );
};

/** The shape the service picks for a term (search-shape.ts searchShape), from the same statements. */
const shapeOf = (term: string) =>
  searchShapeWith(run, 1, term, walksListIndexOnly(admin, { ...noFilters, searchParam: term }));

const admin = { userId: 1, isAdmin: true, allTicket: false, allowGroup: false, queueIds: [] };
const noFilters = listFilters();

describe('search plans', () => {
  it('the contacts search finds names by trigram and reads only the page back, by primary key', async () => {
    const lines = await plan(
      contactPageSql(1, { pageNumber: 1, searchParam: 'nogueira' }, CONTACTS_PAGE_SIZE),
    );
    expect(lines.some((l) => /Bitmap Index Scan on contacts_name_trgm/.test(l))).toBe(true);
    expect(lines.some((l) => /Index Scan using contacts_pkey on contacts/.test(l))).toBe(true);
    expect(
      lines.filter((l) => /Seq Scan on contacts|Hash Join/.test(l) && !/tags|custom_fields/.test(l)),
    ).toEqual([]);
  });

  it("the ticket search by name reads the found contacts' tickets off tickets_contact_id_index, never every ticket", async () => {
    // The names by their words (contacts-0005): the word's contacts, index only.
    const shape = await shapeOf('nogueira');
    expect(shape.nameWords).toEqual(['nogueira']);
    const lines = await plan(ticketListSql(1, admin, { ...noFilters, searchParam: 'nogueira', ...shape }));
    expect(lines.some((l) => /Index Only Scan using contact_name_words_word_index/.test(l))).toBe(true);
    expect(lines.some((l) => /Index Scan using tickets_contact_id_index on tickets/.test(l))).toBe(true);
    // The messages that say it, by the bodies' words (messages-0008), not by trigrams.
    expect(lines.some((l) => /Bitmap Index Scan on messages_body_words/.test(l))).toBe(true);
    // A term without a digit is no part of a number: the numbers are not read; a term with one reads them.
    expect(lines.some((l) => /contacts_number_trgm/.test(l))).toBe(false);
    const byNumber = await plan(
      ticketListSql(1, admin, { ...noFilters, searchParam: '551100000', ...(await shapeOf('551100000')) }),
    );
    expect(byNumber.some((l) => /Bitmap Index Scan on contacts_number_trgm/.test(l))).toBe(true);
    expect(lines.filter((l) => /Seq Scan on (tickets|contacts|messages|contact_name_words)/.test(l))).toEqual(
      [],
    );
  });

  it("a common surname walks the list and stops after the count's cap: it reads a fraction of the tickets", async () => {
    // 960 Pereiras of 20,000: gathering reads all their tickets; the walk stops after 100 hits, ~2,000 tickets in.
    const shape = await shapeOf('pereira');
    expect(shape).toEqual({ commonTerm: false, manyNamed: true, nameWords: ['pereira'] });
    const plan = await analyzed(ticketListSql(1, admin, { ...noFilters, searchParam: 'pereira', ...shape }));
    const read = ticketRowsRead(plan);
    expect(read).toBeGreaterThan(100);
    expect(read).toBeLessThan(6_000);
    const walked = nodes(plan).filter((x) => x['Index Name'] === 'tickets_company_list_index');
    expect(walked).toHaveLength(1);
    // The index holds each ticket's contact (tickets-0007): the walk tests it without reading the ticket's row.
    expect(walked[0]?.['Node Type']).toBe('Index Only Scan');
    expect(nodes(plan).filter((x) => x['Index Name'] === 'tickets_contact_id_index')).toEqual([]);
    // The 960 Pereiras are named by one range of their word, index only: no contact row is read for them, only the
    // page's 41 rows' contacts (reading every named contact's row grew with the contacts: 16,667 at 1 M).
    const contactRows = nodes(plan)
      .filter((x) => x['Relation Name'] === 'contacts')
      .reduce(
        (sum, x) => sum + (x['Actual Rows'] + (x['Rows Removed by Filter'] ?? 0)) * x['Actual Loops'],
        0,
      );
    expect(contactRows).toBeLessThanOrEqual(100);
  });

  it("a few hits are gathered, each hit's ticket read once (not found, then read again by id)", async () => {
    const shape = await shapeOf('nogueira');
    expect(shape).toEqual({ commonTerm: false, manyNamed: false, nameWords: ['nogueira'] });
    const plan = await analyzed(ticketListSql(1, admin, { ...noFilters, searchParam: 'nogueira', ...shape }));
    // 40 tickets found by contact, the page's 40 rows read back: 80 (reading each hit twice made 120).
    expect(ticketRowsRead(plan)).toBeLessThanOrEqual(80);
  });

  it('as the server runs them (one generic plan for every term), the searches read the same as planned per term', async () => {
    const scanned = (p: PlanNode) =>
      nodes(p).filter(
        (x) =>
          x['Node Type'] === 'Seq Scan' &&
          ['tickets', 'contacts', 'messages', 'contact_name_words'].includes(x['Relation Name'] ?? ''),
      );
    // A common surname walks the list, index only, and stops.
    const pereira = ticketListSql(1, admin, {
      ...noFilters,
      searchParam: 'pereira',
      ...(await shapeOf('pereira')),
    });
    const walked = await asServed(pereira);
    expect(walked.jit).toBe(false);
    expect(scanned(walked.plan)).toEqual([]);
    const walk = nodes(walked.plan).filter((x) => x['Index Name'] === 'tickets_company_list_index');
    expect(walk.map((x) => x['Node Type'])).toEqual(['Index Only Scan']);
    expect(ticketRowsRead(walked.plan)).toBeLessThan(6_000);
    expect(ticketRowsRead(walked.plan)).toBeLessThanOrEqual(ticketRowsRead(await analyzed(pereira)));
    // A rare surname, a full name (a space: trigrams) and a number gather their few hits, each ticket read once.
    for (const term of ['nogueira', 'Ana Nogueira 500', '551100000']) {
      const q = ticketListSql(1, admin, { ...noFilters, searchParam: term, ...(await shapeOf(term)) });
      const served = await asServed(q);
      expect(served.jit).toBe(false);
      expect(scanned(served.plan)).toEqual([]);
      expect(ticketRowsRead(served.plan)).toBeLessThanOrEqual(ticketRowsRead(await analyzed(q)));
    }
  });

  it("an admin's own Pending tab reads every unassigned ticket in one walk, not one per queue", async () => {
    const lines = await plan(
      ticketListSql(
        1,
        { ...admin, queueIds: [1, 2, 3], everyQueue: true },
        { ...noFilters, showAll: false, searchParam: '', status: 'pending' },
      ),
    );
    // The walk's reads are tickets t_1, t_2…: the admin's own tickets and every unassigned one (with one read per
    // queue, 3 queues made 5).
    expect(lines.filter((l) => /Scan .* on tickets t_\d/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => /tickets_unassigned_list_index/.test(l))).toEqual([]);
  });

  it('keeps a 1,000-name histogram for the names and numbers the search tests (contacts-0002)', async () => {
    const rows = await sql<{ attname: string; target: number }>(
      host,
      `select attname, attstattarget::int as target from pg_attribute
        where attrelid = 'contacts'::regclass and attname in ('name', 'number') order by attname`,
    );
    expect(rows).toEqual([
      { attname: 'name', target: 1000 },
      { attname: 'number', target: 1000 },
    ]);
  });

  it("with the company's guesses kept (as the service reads them), every term gets the shape one EXPLAIN gives", async () => {
    const company = await companyGuesses({}, 1, run);
    expect(company.tickets).toBeGreaterThan(1000);
    for (const term of ['nogueira', 'pereira', 'Heitor Pereira', '551100000', 'pedido']) {
      const walk = walksListIndexOnly(admin, { ...noFilters, searchParam: term });
      expect(await searchShapeWith(run, 1, term, walk, company), term).toEqual(await shapeOf(term));
    }
  });

  it('the searches still find the Nogueiras (40 contacts, their 40 tickets)', async () => {
    const { token } = await host.login(host.admin.email, host.admin.password);
    const contacts = await (await host.request('/api/contacts?searchParam=nogueira', { token })).json();
    expect(contacts.count).toBe(40);
    expect(contacts.contacts).toHaveLength(20);
    expect(contacts.contacts.every((c: { name: string }) => c.name.startsWith('Ana Nogueira'))).toBe(true);
    const tickets = await (
      await host.request('/api/tickets?showAll=true&searchParam=nogueira', { token })
    ).json();
    expect(tickets.count).toBe(40);
    // The common surname: walked by the service, the same first page and count as gathering every hit.
    const walked = await (
      await host.request('/api/tickets?showAll=true&searchParam=pereira', { token })
    ).json();
    const gathered = await sql<{ id: number | null; total: number }>(
      host,
      (() => {
        let n = 0;
        return ticketListSql(1, admin, { ...noFilters, searchParam: 'pereira' }).sql.replace(
          /\?/g,
          () => `$${++n}`,
        );
      })(),
      ticketListSql(1, admin, { ...noFilters, searchParam: 'pereira' }).params,
    );
    expect(walked.count).toBe(100);
    expect(walked.tickets.map((t: { id: number }) => t.id)).toEqual(
      gathered.flatMap((r) => (r.id === null ? [] : [r.id])).slice(0, 40),
    );
    expect(walked.hasMore).toBe(true);
  });
});
