import pg from 'pg';
import { CONTACTS_PAGE_SIZE } from '../../src/modules/contacts/contacts-service.js';
import { ticketMessagePageSql } from '../../src/modules/messages/message-queries.js';
import { type TicketListFilters, ticketListSql } from '../../src/modules/tickets/ticket-list-sql.js';
import type { TicketAccess } from '../../src/modules/tickets/visibility.js';
import type { Fixture } from './http-rows.js';
import { ATTENDANT_EMAIL } from './seed.js';

const noFilters: TicketListFilters = {
  searchParam: '',
  pageNumber: 1,
  showAll: false,
  statuses: [],
  queueIds: [],
  tagIds: [],
  userIds: [],
  whatsappIds: [],
  withUnreadMessages: false,
};

/** `?` placeholders (as the server's queries are written) to pg's `$n`. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the server runs for the main requests, built by the same functions;
 * only the lines that name a scan (which index, or a sequential scan) and the execution time are kept.
 */
export async function explainMainQueries(url: string, f: Fixture): Promise<string> {
  const c = new pg.Client({ connectionString: url });
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
    const cases: [string, { sql: string; params: unknown[] }][] = [
      ['tickets status=open, attendant', list(user, { status: 'open' })],
      ['tickets status=pending, attendant', list(user, { status: 'pending' })],
      ['tickets status=closed, admin showAll', list(admin, { status: 'closed', showAll: true })],
      ['tickets users filter (search tab)', list(admin, { showAll: true, userIds: [f.userId] })],
      ['search by contact name', list(admin, { showAll: true, searchParam: f.contactName })],
      ['search by message text', list(admin, { showAll: true, searchParam: f.orderCode })],
      ['message page 1', ticketMessagePageSql(1, admin.userId, f.ticketId, 1)],
      [
        'contacts search by name',
        {
          sql: `select c.* from contacts c where c.company_id = ? and (c.name ilike ? or c.number ilike ? or c.email ilike ?)
                 order by c.name asc, c.id asc limit ${CONTACTS_PAGE_SIZE}`,
          params: [1, `%${f.contactName}%`, `%${f.contactName}%`, `%${f.contactName}%`],
        },
      ],
    ];
    const out: string[] = [];
    for (const [title, q] of cases) {
      const { rows } = await c.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${numbered(q.sql)}`,
        q.params,
      );
      const lines = rows
        .map((r) => r['QUERY PLAN'])
        .filter((l) => /Index|Bitmap|Seq Scan|Execution Time/.test(l))
        .map((l) => l.replace(/\s+\(cost=[^)]*\)/, '').trimEnd());
      out.push(`${title}:\n${lines.map((l) => `    ${l}`).join('\n')}`);
    }
    return out.join('\n\n');
  } finally {
    await c.end();
  }
}
