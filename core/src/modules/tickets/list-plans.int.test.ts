import { TICKET_COUNT_CAP } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { listFilters, ticketListSql } from './ticket-list-sql.js';

// Issue 30's ticket-list rows, as a regression check of plan shape and rows read, never time: on 20,000 tickets each
// tab reads its page off a list index in list order and stops at the count's cap, whatever the tab's size. A sort of
// every ticket of the status, or a sequential scan of tickets, is what made lists grow with the data before.

let host: TestHost;

beforeAll(async () => {
  host = await createTestHost();
  await sql(
    host,
    `insert into contacts (company_id, name, number, channel)
     select 1, 'Cliente ' || i, '5511' || lpad(i::text, 9, '0'), 'whatsapp' from generate_series(1, 20000) i;
     insert into tickets (company_id, status, channel, contact_id, user_id, unread_messages, updated_at)
     select 1, (array['closed', 'closed', 'open', 'pending'])[c.id % 4 + 1], 'whatsapp', c.id,
            case when c.id % 4 = 3 then null else 1 end, c.id % 7, now() - c.id * interval '1 minute'
       from contacts c where c.company_id = 1 and c.name like 'Cliente %'`,
  );
  for (const table of ['contacts', 'tickets']) await sql(host, `vacuum analyze ${table}`);
});
afterAll(() => host?.stop());

/** EXPLAIN ANALYZE's node lines of a list as the server runs it (one generic plan, as prepared.ts prepares it). */
async function analyze(q: { sql: string; params: unknown[] }): Promise<string[]> {
  const c = new pg.Client({ connectionString: host.databaseUrl });
  await c.connect();
  try {
    await c.query('set plan_cache_mode = force_generic_plan');
    let n = 0;
    await c.query(`prepare list as ${q.sql.replace(/\?/g, () => `$${++n}`)}`);
    // The values as literals of the types PREPARE inferred (arrays as '{…}').
    const literal = (v: unknown) =>
      v === null ? 'null' : `'${Array.isArray(v) ? `{${v.join(',')}}` : String(v).replace(/'/g, "''")}'`;
    const { rows } = await c.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off) execute list(${q.params.map(literal).join(', ')})`,
    );
    return rows.map((r) => r['QUERY PLAN']);
  } finally {
    await c.end();
  }
}

/** Rows the plan read off tickets (its index and heap scans), every loop counted. */
const ticketRowsRead = (lines: string[]) =>
  lines
    .filter((l) => / on tickets/.test(l))
    .map((l) => /actual rows=(\d+) loops=(\d+)/.exec(l))
    .reduce((sum, m) => sum + (m ? Number(m[1]) * Number(m[2]) : 0), 0);

const admin = {
  userId: 1,
  isAdmin: true,
  allTicket: false,
  allowGroup: false,
  queueIds: [],
  everyQueue: true,
};
const filters = listFilters();

describe('ticket list plans', () => {
  for (const status of ['open', 'pending', 'closed']) {
    it(`the ${status} tab reads its page off a list index, never a sort or a scan of every ticket`, async () => {
      const lines = await analyze(ticketListSql(1, admin, { ...filters, status }));
      expect(lines.filter((l) => /Seq Scan on tickets/.test(l))).toEqual([]);
      expect(lines.some((l) => /Index (Only )?Scan using tickets_\w*list_index on tickets/.test(l))).toBe(
        true,
      );
      // 5,000 to 10,000 tickets per status: the walk stops at the count's cap (with room for the page's reads by id).
      expect(ticketRowsRead(lines)).toBeLessThanOrEqual(2 * (TICKET_COUNT_CAP + 100));
    });
  }
});
