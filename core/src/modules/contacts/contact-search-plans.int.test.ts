import { CONTACT_COUNT_CAP } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import {
  type ContactFilter,
  type ContactShapePlanRow,
  contactPageSql,
  contactSearchShapeSql,
  walksOfPlan,
} from './contacts-query.js';
import { CONTACTS_PAGE_SIZE } from './contacts-service.js';

// Issue 30: a contacts search by a common surname reads a bounded first page (a walk in name order that stops at the
// page's end) and counts up to CONTACT_COUNT_CAP; a rare name is gathered off the trigram indexes. Rows read and
// plan shapes, never time.

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
  await sql(host, 'vacuum analyze contacts');
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

/** Whether the service walks for `f` (contactSearchShape), from the same EXPLAIN. */
async function walks(f: ContactFilter): Promise<boolean> {
  const n = numbered(contactSearchShapeSql(1, f));
  return walksOfPlan(await sql<ContactShapePlanRow>(host, n.sql, n.params), f, CONTACTS_PAGE_SIZE);
}

async function pageIds(f: ContactFilter, walk: boolean): Promise<{ ids: number[]; total: number }> {
  const n = numbered(contactPageSql(1, f, CONTACTS_PAGE_SIZE, walk));
  const rows = await sql<{ id: number | null; total: number }>(host, n.sql, n.params);
  return { ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])), total: rows[0]?.total ?? 0 };
}

describe('contacts search plans', () => {
  const pereira = { pageNumber: 1, searchParam: 'pereira' };

  it('a common surname walks the names in order, index only, and stops: a fraction of the contacts read', async () => {
    expect(await walks(pereira)).toBe(true);
    const plan = await analyzed(contactPageSql(1, pereira, CONTACTS_PAGE_SIZE, true));
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
    expect(await walks(f)).toBe(false);
    const plan = await analyzed(contactPageSql(1, f, CONTACTS_PAGE_SIZE, false));
    expect(nodes(plan).some((x) => x['Index Name'] === 'contacts_name_trgm')).toBe(true);
    // The 40 hits, the page's 21 read back by primary key; never a walk of the names.
    expect(contactRowsRead(plan)).toBeLessThanOrEqual(2 * (40 + CONTACTS_PAGE_SIZE + 1));
    expect(nodes(plan).some((x) => x['Index Name'] === 'contacts_company_name_walk_index')).toBe(false);
  });

  it('the walk lists the same pages as gathering every hit', async () => {
    for (const pageNumber of [1, 2, 5, 198]) {
      const f = { pageNumber, searchParam: 'pereira' };
      expect((await pageIds(f, true)).ids).toEqual((await pageIds(f, false)).ids);
    }
    // Letters in any case, as ILIKE; a LIKE wildcard typed is a plain character (none found).
    for (const searchParam of ['PeReIrA', 'a 1%', 'ira_']) {
      const f = { pageNumber: 1, searchParam };
      expect((await pageIds(f, true)).ids).toEqual((await pageIds(f, false)).ids);
    }
    expect((await pageIds(pereira, true)).total).toBe(CONTACT_COUNT_CAP + 1);
    expect((await pageIds(pereira, false)).total).toBe(3960);
  });

  it('the API says a search count is capped, pages on with hasMore, and counts a rare name exactly', async () => {
    const { token } = await host.login(host.admin.email, host.admin.password);
    const get = async (q: string) => (await host.request(`/api/contacts${q}`, { token })).json();
    const common = await get('?searchParam=pereira');
    expect(common).toMatchObject({ count: CONTACT_COUNT_CAP, countCapped: true, hasMore: true });
    expect(common.contacts).toHaveLength(CONTACTS_PAGE_SIZE);
    expect(common.contacts.map((c: { id: number }) => c.id)).toEqual(
      (await pageIds(pereira, false)).ids.slice(0, CONTACTS_PAGE_SIZE),
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
