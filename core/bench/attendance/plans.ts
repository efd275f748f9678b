import pg from 'pg';
import { CONTACTS_PAGE_SIZE } from '../../src/modules/contacts/contact-schemas.js';
import { contactPageSql } from '../../src/modules/contacts/contacts-query.js';
import { ticketMessagePageSql } from '../../src/modules/messages/message-queries.js';
import { searchShapeWith } from '../../src/modules/tickets/search-shape.js';
import {
  listFilters,
  type TicketListFilters,
  ticketListSql,
  walksListIndexOnly,
} from '../../src/modules/tickets/ticket-list-sql.js';
import type { TicketAccess } from '../../src/modules/tickets/visibility.js';
import type { Fixture } from './http-rows.js';
import { ATTENDANT_EMAIL } from './seed.js';

const noFilters = listFilters({ showAll: false });

/** `?` placeholders (as the server's queries are written) to pg's `$n`. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the server runs for the main requests, built by the same functions;
 * only the lines that name a scan (which index, or a sequential scan), a hash join and the execution time are kept.
 */
export async function explainMainQueries(url: string, f: Fixture): Promise<string> {
  // Without JIT, as the server's connections (db/orm.ts).
  const c = new pg.Client({ connectionString: url, options: '-c jit=off' });
  await c.connect();
  try {
    const access = async (email: string): Promise<TicketAccess> => {
      const { rows } = await c.query(
        `select u.id, u.profile, u.all_ticket, u.allow_group,
                array(select queue_id from user_queues where user_id = u.id) as queue_ids
           from users u where lower(u.email) = lower($1)`,
        [email],
      );
      const u = rows[0];
      return {
        userId: u.id,
        isAdmin: u.profile === 'admin',
        allTicket: u.all_ticket === 'enable',
        allowGroup: u.allow_group,
        queueIds: u.queue_ids,
      };
    };
    const admin = await access('admin@admin.com');
    const user = await access(ATTENDANT_EMAIL);
    const list = (a: TicketAccess, filters: Partial<TicketListFilters>) =>
      ticketListSql(1, a, { ...noFilters, ...filters });
    // As the server runs them: lists, pages, filters and searches as prepared statements on one generic plan
    // (db/prepared.ts); a search's read is chosen by its shape, planned for its term (searchShape).
    const generic = true;
    // A search's shape as the service picks it (search-shape.ts searchShape).
    const shapeOf = (term: string) =>
      searchShapeWith(
        async (sql, params) => (await c.query(numbered(sql), params)).rows,
        1,
        term,
        walksListIndexOnly(admin, { ...noFilters, showAll: true, searchParam: term }),
      );
    const cases: [string, { sql: string; params: unknown[] }, boolean][] = [
      ['tickets status=open, attendant', list(user, { status: 'open' }), generic],
      ['tickets status=pending, attendant', list(user, { status: 'pending' }), generic],
      ['tickets status=closed, admin showAll', list(admin, { status: 'closed', showAll: true }), generic],
      ['tickets users filter (search tab)', list(admin, { showAll: true, userIds: [f.userId] }), generic],
      [
        'tickets tags filter (search tab)',
        list(admin, { showAll: true, tagIds: [f.tagId], fewTagged: false }),
        generic,
      ],
      [
        'tickets rare contact tag (search tab)',
        list(admin, { showAll: true, tagIds: [f.rareTagId], fewTagged: true }),
        generic,
      ],
      [
        'search by contact name',
        list(admin, { showAll: true, searchParam: f.contactName, ...(await shapeOf(f.contactName)) }),
        generic,
      ],
      [
        'search by surname (walks the list when the names are many)',
        list(admin, { showAll: true, searchParam: f.surname, ...(await shapeOf(f.surname)) }),
        generic,
      ],
      ['search by message text', list(admin, { showAll: true, searchParam: f.orderCode }), generic],
      [
        'search by a common word (walks the list)',
        list(admin, { showAll: true, searchParam: 'reembolso', commonTerm: true }),
        generic,
      ],
      ['message page 1', ticketMessagePageSql(1, admin.userId, f.ticketId, 1), generic],
      ['contacts page 1', contactPageSql(1, { pageNumber: 1, searchParam: '' }, CONTACTS_PAGE_SIZE), generic],
      [
        'contacts search by name',
        contactPageSql(1, { pageNumber: 1, searchParam: f.contactName }, CONTACTS_PAGE_SIZE),
        generic,
      ],
      [
        'contacts search by surname',
        contactPageSql(1, { pageNumber: 1, searchParam: f.surname }, CONTACTS_PAGE_SIZE),
        generic,
      ],
    ];
    const out: string[] = [];
    for (const [title, q, isGeneric] of cases) {
      const { rows } = isGeneric
        ? await explainGeneric(c, q)
        : await c.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${numbered(q.sql)}`, q.params);
      const lines = rows
        .map((r) => r['QUERY PLAN'])
        .filter((l) => /Index|Bitmap|Seq Scan|Hash Join|Execution Time|hashed SubPlan/.test(l))
        .map((l) => l.replace(/\s+\(cost=[^)]*\)/, '').trimEnd());
      out.push(`${title}:\n${lines.map((l) => `    ${l}`).join('\n')}`);
    }
    return out.join('\n\n');
  } finally {
    await c.end();
  }
}

/** A value as SQL text, for EXECUTE (arrays as array literals). */
const literal = (v: unknown): string =>
  Array.isArray(v)
    ? `'{${v
        .map((x) => (typeof x === 'number' ? String(x) : JSON.stringify(String(x))))
        .join(',')
        .replace(/'/g, "''")}}'`
    : typeof v === 'string'
      ? `'${v.replace(/'/g, "''")}'`
      : v instanceof Date
        ? `'${v.toISOString()}'`
        : String(v);

/** EXPLAIN of a statement prepared and planned once for any parameters, as the server's prepared reads are. */
async function explainGeneric(c: pg.Client, q: { sql: string; params: unknown[] }) {
  await c.query('set plan_cache_mode = force_generic_plan');
  await c.query(`prepare bench_plan as ${numbered(q.sql)}`);
  try {
    return await c.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute bench_plan(${q.params.map(literal).join(', ')})`,
    );
  } finally {
    await c.query('deallocate bench_plan');
    await c.query('reset plan_cache_mode');
  }
}
