import { CONTACT_COUNT_CAP } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { explainAsServed } from '../../testing/served-plan.js';
import { CONTACTS_PAGE_SIZE } from './contact-schemas.js';
import {
  type ContactFilter,
  type ContactSearchRead,
  type ContactShapePlanRow,
  contactPageSql,
  contactSearchReadOfPlan,
  contactSearchShapeSql,
} from './contacts-query.js';

// Issue 30: a contacts search by a common surname reads a bounded first page (its name word's first contacts off the
// per-word name index, or, with other filters, a walk in name order that stops at the page's end) and counts up to
// CONTACT_COUNT_CAP; a rare full name is gathered off the trigram indexes. Rows read and plan shapes, never time.

let host: TestHost;

beforeAll(async () => {
  host = await createTestHost();
  // 20,000 contacts: one in 5 a Pereira (3,960, a common surname), one in 500 a Nogueira (40), spread over the name
  // order by a first name and a number before the surname.
  await sql(
    host,
    `insert into contacts (company_id, name, number, channel)
     select 1, (array['Ana', 'Bruno', 'Carla', 'Davi', 'Elisa', 'Gil', 'Hugo'])[i % 7 + 1] || ' ' || (i % 97) || ' '
               || case when i % 500 = 0 then 'Nogueira' when i % 5 = 0 then 'Pereira' else 'Silva' end,
            '5511' || lpad(i::text, 9, '0'), 'whatsapp'
       from generate_series(1, 20000) i`,
  );
  // As autovacuum leaves it: the visibility map set (an index-only walk), the trigram indexes merged, statistics.
  await sql(host, 'vacuum analyze contacts, contact_name_words, contact_words');
});
afterAll(() => host?.stop());

const numbered = (q: { sql: string; params: unknown[] }) => {
  let n = 0;
  return { sql: q.sql.replace(/\?/g, () => `$${++n}`), params: q.params };
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}
const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];
/** Rows a plan read from `contacts` (returned or filtered out, over all loops). */
const contactRowsRead = (p: PlanNode) =>
  nodes(p)
    .filter((x) => x['Relation Name'] === 'contacts')
    .reduce((sum, x) => sum + (x['Actual Rows'] + (x['Rows Removed by Filter'] ?? 0)) * x['Actual Loops'], 0);

async function analyzed(q: { sql: string; params: unknown[] }): Promise<PlanNode> {
  const n = numbered(q);
  const [row] = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    host,
    `explain (analyze, format json) ${n.sql}`,
    n.params,
  );
  return row['QUERY PLAN'][0].Plan;
}

/** The plan the server runs (explainAsServed). */
const asServed = (q: { sql: string; params: unknown[] }) => explainAsServed<PlanNode>(host.databaseUrl, q);

/** How the service reads `f` (contactSearchRead), from the same EXPLAIN. */
async function readOf(f: ContactFilter): Promise<ContactSearchRead> {
  const n = numbered(contactSearchShapeSql(1, f));
  return contactSearchReadOfPlan(
    await sql<ContactShapePlanRow>(host, n.sql, n.params),
    f,
    CONTACTS_PAGE_SIZE,
  );
}

async function pageIds(f: ContactFilter, read: ContactSearchRead): Promise<{ ids: number[]; total: number }> {
  const n = numbered(contactPageSql(1, f, CONTACTS_PAGE_SIZE, read));
  const rows = await sql<{ id: number | null; total: number }>(host, n.sql, n.params);
  return { ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])), total: rows[0]?.total ?? 0 };
}

describe('contacts search plans', () => {
  const pereira = { pageNumber: 1, searchParam: 'pereira' };

  it('a common surname with another filter walks the names in order, index only, and stops: a fraction read', async () => {
    expect(await readOf({ ...pereira, channel: 'whatsapp' })).toBe('walk');
    const plan = await analyzed(contactPageSql(1, pereira, CONTACTS_PAGE_SIZE, 'walk'));
    const walk = nodes(plan).filter((x) => x['Index Name'] === 'contacts_company_name_walk_index');
    expect(walk).toHaveLength(1);
    expect(walk[0]?.['Node Type']).toBe('Index Only Scan');
    expect(walk[0]?.['Heap Fetches']).toBe(0);
    // 21 hits at one in 5: ~105 names walked; the count stops at CAP + 1 hits (~500 rows in any order).
    const read = contactRowsRead(plan);
    expect(read).toBeGreaterThan(CONTACTS_PAGE_SIZE);
    expect(read).toBeLessThan(2_000);
    // Only the walk's hits are read back by primary key: the page and the one past it, up to a power of two (32).
    const byId = nodes(plan).filter((x) => x['Index Name'] === 'contacts_pkey');
    expect(byId.reduce((s, x) => s + x['Actual Rows'] * x['Actual Loops'], 0)).toBeLessThanOrEqual(32);
  });

  it('a rare name is gathered off the trigram indexes, reading about its hits', async () => {
    const f = { pageNumber: 1, searchParam: 'nogueira' };
    expect(await readOf({ ...f, searchParam: '7 nogueira' })).toBe('gather');
    const plan = await analyzed(contactPageSql(1, f, CONTACTS_PAGE_SIZE, 'gather'));
    expect(nodes(plan).some((x) => x['Index Name'] === 'contacts_name_trgm')).toBe(true);
    // The 40 hits, the page's 21 read back by primary key; never a walk of the names.
    expect(contactRowsRead(plan)).toBeLessThanOrEqual(2 * (40 + CONTACTS_PAGE_SIZE + 1));
    expect(nodes(plan).some((x) => x['Index Name'] === 'contacts_company_name_walk_index')).toBe(false);
  });

  it('the walk lists the same pages as gathering every hit', async () => {
    for (const pageNumber of [1, 2, 5, 198]) {
      const f = { pageNumber, searchParam: 'pereira' };
      expect((await pageIds(f, 'walk')).ids).toEqual((await pageIds(f, 'gather')).ids);
    }
    // Letters in any case, as ILIKE; a LIKE wildcard typed is a plain character (none found).
    for (const searchParam of ['PeReIrA', 'a 1%', 'ira_']) {
      const f = { pageNumber: 1, searchParam };
      expect((await pageIds(f, 'walk')).ids).toEqual((await pageIds(f, 'gather')).ids);
    }
    expect((await pageIds(pereira, 'walk')).total).toBe(CONTACT_COUNT_CAP + 1);
    expect((await pageIds(pereira, 'gather')).total).toBe(3960);
  });

  it('the API says a search count is capped, pages on with hasMore, and counts a rare name exactly', async () => {
    const { token } = await host.login(host.admin.email, host.admin.password);
    const get = async (q: string) => (await host.request(`/api/contacts${q}`, { token })).json();
    const common = await get('?searchParam=pereira');
    expect(common).toMatchObject({ count: CONTACT_COUNT_CAP, countCapped: true, hasMore: true });
    expect(common.contacts).toHaveLength(CONTACTS_PAGE_SIZE);
    expect(common.contacts.map((c: { id: number }) => c.id)).toEqual(
      (await pageIds(pereira, 'gather')).ids.slice(0, CONTACTS_PAGE_SIZE),
    );
    // The last page of the 3,960 Pereiras (198 pages): past the cap, hasMore still tells the truth.
    const last = await get('?searchParam=pereira&pageNumber=198');
    expect(last.contacts).toHaveLength(CONTACTS_PAGE_SIZE);
    expect(last.hasMore).toBe(false);
    const rare = await get('?searchParam=nogueira');
    expect(rare).toMatchObject({ count: 40, countCapped: false, hasMore: true });
    const none = await get('?searchParam=zzzz');
    expect(none).toMatchObject({ count: 0, countCapped: false, hasMore: false, contacts: [] });
  });
});

describe('contacts search plans as the server runs them (one generic plan for every term)', () => {
  it("a name word's read takes its numbers and e-mails off their trigram indexes, never a walk of every name", async () => {
    for (const searchParam of ['pereira', 'nogueira', 'zzzz']) {
      const f = { pageNumber: 1, searchParam };
      const { plan, jit } = await asServed(contactPageSql(1, f, CONTACTS_PAGE_SIZE, 'words'));
      expect(jit).toBe(false);
      expect(nodes(plan).some((x) => x['Index Name'] === 'contacts_company_name_walk_index')).toBe(false);
      expect(nodes(plan).some((x) => x['Index Name'] === 'contacts_number_trgm')).toBe(true);
      // Only the page's rows, by primary key (no number or e-mail holds these terms): never the 20,000 contacts
      // (the generic plan walked them all in name order, testing each number, when the read could be reordered).
      expect(contactRowsRead(plan)).toBeLessThanOrEqual(32);
      expect(
        nodes(plan).filter((x) => x['Node Type'] === 'Seq Scan' && x['Relation Name'] === 'contacts'),
      ).toEqual([]);
    }
  });

  it('a rare full name is gathered off the trigram indexes, and a walk stays a walk', async () => {
    const gathered = await asServed(
      contactPageSql(1, { pageNumber: 1, searchParam: '7 nogueira' }, CONTACTS_PAGE_SIZE, 'gather'),
    );
    expect(nodes(gathered.plan).some((x) => x['Index Name'] === 'contacts_name_trgm')).toBe(true);
    expect(contactRowsRead(gathered.plan)).toBeLessThanOrEqual(2 * (40 + CONTACTS_PAGE_SIZE + 1));
    const walked = await asServed(
      contactPageSql(1, { pageNumber: 1, searchParam: 'pereira' }, CONTACTS_PAGE_SIZE, 'walk'),
    );
    const walk = nodes(walked.plan).filter((x) => x['Index Name'] === 'contacts_company_name_walk_index');
    expect(walk.map((x) => x['Node Type'])).toEqual(['Index Only Scan']);
    expect(contactRowsRead(walked.plan)).toBeLessThan(2_000);
  });
});

describe('contacts search by name words (contact_name_words)', () => {
  const pereira = { pageNumber: 1, searchParam: 'pereira' };

  it("a common surname reads its word's first contacts in name order, index only: the same few entries at any size", async () => {
    expect(await readOf(pereira)).toBe('words');
    const plan = await analyzed(contactPageSql(1, pereira, CONTACTS_PAGE_SIZE, 'words'));
    const ranges = nodes(plan).filter((x) => x['Index Name'] === 'contact_name_words_word_index');
    expect(ranges.length).toBeGreaterThan(0);
    for (const r of ranges) {
      expect(r['Node Type']).toBe('Index Only Scan');
      expect(r['Heap Fetches']).toBe(0);
    }
    // One word contains the term: up to CAP + 1 (or the page's power of two) of its 3,960 contacts, not all.
    const entries = ranges.reduce((s, x) => s + x['Actual Rows'] * x['Actual Loops'], 0);
    expect(entries).toBeLessThanOrEqual(2 * (CONTACT_COUNT_CAP + 1));
    // No contacts row but the page's, read back by primary key (numbers and e-mails: none found).
    expect(contactRowsRead(plan)).toBeLessThanOrEqual(32);
    expect(nodes(plan).some((x) => x['Index Name'] === 'contacts_company_name_walk_index')).toBe(false);
  });

  it('lists the same pages and counts (up to the cap) as gathering every hit, letters in any case', async () => {
    for (const pageNumber of [1, 2, 5, 198]) {
      const f = { pageNumber, searchParam: 'pereira' };
      expect((await pageIds(f, 'words')).ids).toEqual((await pageIds(f, 'gather')).ids);
    }
    // Inside a word ('eir', 'ogueir'), a number ('5511000000'), a LIKE wildcard typed (a plain character), none.
    for (const searchParam of ['PeReIrA', 'eir', 'NOGUEIR', 'ira_', '5511000000', 'zzzz', 'a 1%']) {
      const f = { pageNumber: 1, searchParam };
      const words = await pageIds(f, 'words');
      const gathered = await pageIds(f, 'gather');
      expect(words.ids).toEqual(gathered.ids);
      expect(words.total).toBe(Math.min(gathered.total, CONTACT_COUNT_CAP + 1));
    }
    expect((await pageIds(pereira, 'words')).total).toBe(CONTACT_COUNT_CAP + 1);
    expect((await pageIds({ pageNumber: 1, searchParam: 'nogueira' }, 'words')).total).toBe(40);
  });

  it('keeps the words of added, renamed and removed contacts, e-mails still searched', async () => {
    // One statement adds several (an import); one name holds the term in two words, accents lowered as ILIKE does.
    await sql(
      host,
      `insert into contacts (company_id, name, number, email, channel) values
         (1, 'Zélia Quaresmão Quaresma', '5599000000001', null, 'whatsapp'),
         (1, 'Álvaro  Souza', '5599000000002', 'aquaresma@example.com', 'whatsapp'),
         (1, 'Ígor Lima', '5599000000003', null, 'whatsapp')`,
    );
    await sql(host, `update contacts set name = 'Ígor Quaresma' where number = '5599000000003'`);
    await sql(host, `update contacts set name = 'Zélia Pinto' where number = '5599000000001'`);
    await sql(host, `delete from contacts where number = '5599000000002'`);
    await sql(
      host,
      `insert into contacts (company_id, name, number, email, channel)
                     values (1, 'Bia Rocha', '5599000000004', 'bia.quaresma@example.com', 'whatsapp')`,
    );
    for (const searchParam of [
      'quaresma',
      'QUARESM',
      'zélia',
      'ZÉLIA',
      'ígor',
      'quaresmão',
      'álvaro',
      'lima',
    ]) {
      const f = { pageNumber: 1, searchParam };
      expect((await pageIds(f, 'words')).ids).toEqual((await pageIds(f, 'gather')).ids);
    }
    expect((await pageIds({ pageNumber: 1, searchParam: 'quaresma' }, 'words')).ids).toHaveLength(2);
    expect((await pageIds({ pageNumber: 1, searchParam: 'zélia' }, 'words')).ids).toHaveLength(1);
    expect((await pageIds({ pageNumber: 1, searchParam: 'álvaro' }, 'words')).ids).toHaveLength(0);
  });

  it('the contacts page without a search counts off the company index, index only, not the table', async () => {
    // As the server runs it: prepared once, one generic plan for every company and page (db/prepared.ts).
    const q = numbered(contactPageSql(1, { pageNumber: 1, searchParam: '' }, CONTACTS_PAGE_SIZE));
    const c = new pg.Client({ connectionString: host.databaseUrl });
    await c.connect();
    try {
      await c.query('set plan_cache_mode = force_generic_plan');
      await c.query(`prepare page1 as ${q.sql}`);
      const values = q.params.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ');
      const { rows } = await c.query(`explain (analyze, format json) execute page1(${values})`);
      const plan = (rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan;
      const counted = nodes(plan).filter((x) => x['Index Name'] === 'contacts_company_count_index');
      const [{ n }] = await sql<{ n: number }>(
        host,
        'select count(*)::int as n from contacts where company_id = 1',
      );
      expect(counted.map((x) => [x['Node Type'], x['Actual Rows']])).toEqual([['Index Only Scan', n]]);
      // Only the pages written since the last vacuum (the contacts added above) are read from the table.
      expect(counted[0]?.['Heap Fetches']).toBeLessThan(100);
      expect(
        nodes(plan).filter((x) => x['Node Type'] === 'Seq Scan' && x['Relation Name'] === 'contacts'),
      ).toEqual([]);
    } finally {
      await c.end();
    }
  });
});
