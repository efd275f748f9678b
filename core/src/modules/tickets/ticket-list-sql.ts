import { HELD_STATUS, TICKET_COUNT_CAP, TICKET_STATUSES } from '@balcao/sdk';
import { localDaysWhere } from '../../db/local-days.js';
import { likeTerm } from '../../db/sql-helpers.js';
import { namedByWordsSql } from '../contacts/contact-words.js';
import { bodySays } from './body-words.js';
import { TICKET_COLUMNS, TICKET_JOINS } from './ticket-queries.js';
import { seesAllTickets, type TicketAccess } from './visibility.js';

export const TICKET_PAGE_SIZE = 40;
/** A piece of SQL with `?` placeholders and its parameters, in order. */
type Condition = { sql: string; params: unknown[] };
/** Up to this many attendants in a filter, each is read on its own (see byAttendant). */
const MAX_SPLIT_ATTENDANTS = 5;
// Lists count up to TICKET_COUNT_CAP tickets and stop (the UI shows "99+"): counting every ticket of a large tenant
// cost more than the page itself, and counts appear only as the Open sub-tabs' badges.

export interface TicketListFilters {
  searchParam: string;
  pageNumber: number;
  status?: string;
  showAll: boolean;
  queueIds: number[];
  tagIds: number[];
  userIds: number[];
  whatsappIds: number[];
  /** Search tab's status filter (any of these), on top of `status`. */
  statuses: string[];
  withUnreadMessages: boolean;
  /** Created / last updated on this calendar day (YYYY-MM-DD, the company's zone). */
  createdOn?: string;
  updatedOn?: string;
  /**
   * The search term is common in messages (the planner expects thousands of hits): walk the list in its order and
   * test each ticket, instead of gathering every hit first (a common word matched 70,000 messages: 2.5–4.5 s).
   */
  commonTerm?: boolean;
  /**
   * The term names many contacts (searchShape in search-shape.ts): walk the list in its order and test each ticket's
   * contact against the contacts found (and its id against the messages found), instead of reading every found
   * contact's tickets to sort them: the walk stops after the count's cap of hits, however many there are.
   */
  manyNamed?: boolean;
  /**
   * The company's name words that contain the term (searchShape, for a term without a space): the contacts the term
   * names by name are these words' contacts, read off the per-word name index (contacts-0005). Unset: by trigram.
   */
  nameWords?: string[];
  /**
   * Few tickets carry the filter's tags (TicketTagSizes): read them by id, instead of walking the list for them (a tag
   * on 100 of 100,000 tickets made the walk read every ticket; one on 10,000 fills a page after ~1,000 entries).
   */
  fewTagged?: boolean;
}

/** A list's filters with nothing chosen (page 1 of every ticket the reader may see), `over` on top. */
export function listFilters(over: Partial<TicketListFilters> = {}): TicketListFilters {
  return {
    searchParam: '',
    pageNumber: 1,
    showAll: true,
    statuses: [],
    queueIds: [],
    tagIds: [],
    userIds: [],
    whatsappIds: [],
    withUnreadMessages: false,
    ...over,
  };
}

/**
 * The ticket list as one statement: the count and one page (page size + 1 rows, to tell hasMore), with `?`
 * placeholders. Pure, so the benchmark explains exactly what the service runs. Each tab's filter and order
 * (`unread first, newest first`) match tickets_company_status_list_index, so a page is read off the index.
 */
export function ticketListSql(companyId: number, access: TicketAccess, f: TicketListFilters): Condition {
  // Show all widens to every ticket only for who sees all (admin, allTicket, allowGroup); a user profile never uses
  // it in search. Without it, everyone gets their own view.
  const where: string[] = ['t.company_id = ?'];
  const params: unknown[] = [companyId];
  const widened = seesAllTickets(access) && f.showAll;
  const visible = widened ? [EVERY_TICKET] : ownViewBranches(access);
  // A search by a rare term starts from its few hits, so the branches become one condition on them (per branch, each
  // would walk its whole index looking for the hits: 3,000 rows per queue of an attendant). So does a rare tag.
  const fromHits = Boolean(f.searchParam) && !f.commonTerm && !f.manyNamed;
  const fromTagged = !fromHits && f.tagIds.length > 0 && f.fewTagged === true;
  // An attendants filter without a status (the Search tab) reads each attendant's tickets of each status off
  // tickets_user_list_index in list order, instead of walking every ticket for theirs (3,500 entries for one of 20).
  const byAttendant =
    !fromHits && !fromTagged && !f.status && f.userIds.length > 0 && f.userIds.length <= MAX_SPLIT_ATTENDANTS;
  const viewed =
    fromHits || fromTagged
      ? [anyBranch(visible)]
      : byAttendant
        ? splitByAttendant(visible, f.userIds, f.statuses.length ? f.statuses : TICKET_STATUSES)
        : visible;
  // Show all's Pending tab also lists the tickets waiting for the contact's LGPD consent (spec §8): one branch per
  // status, each read off the status index in list order, instead of a status list the index cannot keep in order.
  const lgpdToo = f.status === 'pending' && widened;
  // The Closed tab also lists the tickets waiting for their rating (status nps, issue 24): the attendant's part is
  // over, and elsewhere only a search found them. One branch per status, as above.
  const npsToo = f.status === 'closed';
  const alsoListed = lgpdToo ? ['pending', 'lgpd'] : npsToo ? ['closed', 'nps'] : null;
  const branches = alsoListed ? withEachStatus(viewed, alsoListed) : viewed;
  if (f.status && !alsoListed) where.push('t.status = ?') && params.push(f.status);
  // Without a status, every status but `held` (a plugin's message waiting for the contact's answer: nobody's work).
  if (!f.status && !f.statuses.length) where.push(`t.status <> '${HELD_STATUS}'`);
  // Lists as one array parameter each, so the statement's text (and its prepared plan) is the same for any list.
  const anyOf = (column: string, values: (number | string)[], type: 'int' | 'text') => {
    if (!values.length) return;
    where.push(`${column} = any(?::${type}[])`);
    params.push(values);
  };
  anyOf('t.queue_id', f.queueIds, 'int');
  if (!byAttendant) anyOf('t.user_id', f.userIds, 'int');
  anyOf('t.whatsapp_id', f.whatsappIds, 'int');
  anyOf('t.status', f.statuses, 'text');
  // Tags live on contacts (the row shows them) and on tickets (kanban): either one matches. The database keeps both on
  // the ticket row (tag_ids, core-0009). Only a read by id names `<> '{}'`, the partial GIN index's condition: a walk
  // must not be planned on that index (the generic plan expects few tagged tickets and would gather them all).
  if (f.tagIds.length) {
    where.push(`${fromTagged ? `t.tag_ids <> '{}' and ` : ''}t.tag_ids && ?::int[]`);
    params.push(f.tagIds);
  }
  if (f.withUnreadMessages) where.push('t.unread_messages > 0');
  for (const [column, day] of [
    ['t.created_at', f.createdOn],
    ['t.updated_at', f.updatedOn],
  ] as const) {
    if (!day) continue;
    const days = localDaysWhere(column, day, day);
    where.push(...days.where) && params.push(...days.params);
  }
  // Named reads the walk uses (`named` and `said` of a search), each with its parameters.
  const ctes: Condition[] = [];
  if (f.searchParam && f.commonTerm) {
    // Each ticket in list order is tested (its contact by primary key, its messages by ticket) until the page and the
    // count are full; scalar subqueries, because PostgreSQL would answer an EXISTS by hashing every hit first.
    const term = `%${likeTerm(f.searchParam)}%`;
    const says = bodySays(f.searchParam);
    const numbers = searchesNumbers(f.searchParam);
    where.push(`coalesce((select true from contacts sc where sc.id = t.contact_id
                                                  and (sc.name ilike ?${numbers ? ' or sc.number ilike ?' : ''})),
                         (select true from messages m where m.ticket_id = t.id and ${says.sql} limit 1), false)`);
    params.push(term, ...(numbers ? [term] : []), ...says.params);
  } else if (f.searchParam) {
    // Two id sets, each answered from its own index and materialized once for every branch: the contacts found by
    // name or number (trigrams), and the tickets whose messages say the term (the bodies' words: bodySays).
    // A term without a space names contacts by the words of their names (`nameWords`): one index-only range per word
    // containing it (contact_name_words), not every named contact's row (16,667 rows for a surname at 1 M contacts).
    const term = `%${likeTerm(f.searchParam)}%`;
    const says = bodySays(f.searchParam);
    const named = f.nameWords
      ? namedByWordsSql(companyId, f.nameWords)
      : {
          sql: 'select sc.id from contacts sc where sc.company_id = ? and sc.name ilike ?',
          params: [companyId, term],
        };
    const byNumber = searchesNumbers(f.searchParam)
      ? {
          sql: ' union select sc.id from contacts sc where sc.company_id = ? and sc.number ilike ?',
          params: [companyId, term],
        }
      : { sql: '', params: [] };
    ctes.push({
      sql: `named as materialized (${named.sql}${byNumber.sql}),
            said as materialized (select distinct m.ticket_id from messages m where m.company_id = ? and ${says.sql})`,
      params: [...named.params, ...byNumber.params, companyId, ...says.params],
    });
    // Many contacts found: each ticket in list order is tested against both sets (hashed once), and the walk stops
    // at the count's cap, whatever the number of hits. Few: see `fromHits` below.
    if (!fromHits)
      where.push('(t.contact_id in (select id from named) or t.id in (select ticket_id from said))');
  }
  const clause = where.join(' and ');
  const order = 't.unread_messages > 0 desc, t.updated_at desc, t.id desc';
  const offset = TICKET_PAGE_SIZE * (f.pageNumber - 1);
  // One walk serves the count and the page: each branch reads, in list order off its own index, up to the count's
  // cap or the next power of two past the page's end, whichever is more (a number in the text, so the plan knows the
  // read is short, and few texts for all pages). The branches are disjoint, so their union is the visible list.
  const readUpTo = Math.max(TICKET_COUNT_CAP, 2 ** Math.ceil(Math.log2(TICKET_PAGE_SIZE + 1 + offset)));
  // Each read: the list's conditions and one branch.
  const walk = branches
    .map((b) => (fromHits ? fromHitsRead(clause, b, readUpTo) : listRead(clause, b, order, readUpTo)))
    .join(' union all ');
  const branchParams = branches.flatMap((b) =>
    fromHits ? [...params, ...b.params, ...params, ...b.params] : [...params, ...b.params],
  );
  return {
    // The page's ids are sorted first and each row is then read by its id (the lateral `offset 0` keeps it so).
    sql: `with ${ctes.map((c) => `${c.sql},`).join(' ')} walk as materialized (${walk})
          select p.*, n.total
            from (select least(count(*), ${TICKET_COUNT_CAP}) as total from walk) n
            left join lateral (
              select x.*
                from (select w.id from walk w
                       order by w.unread desc, w.updated_at desc, w.id desc limit ? offset ?) pg
               cross join lateral (select ${TICKET_COLUMNS} from tickets t ${TICKET_JOINS}
                                    where t.id = pg.id offset 0) x) p on true
           order by p.unread_messages > 0 desc, p.updated_at desc, p.id desc`,
    params: [...ctes.flatMap((c) => c.params), ...branchParams, TICKET_PAGE_SIZE + 1, offset],
  };
}

const EVERY_TICKET: Condition = { sql: 'true', params: [] };

/**
 * Whether a ticket search also matches contacts' numbers: only a term with a digit can be part of one (a number is
 * digits; a web chat visitor's is a hash nobody types). A name's search skips that read (0.7 ms on 100,000 contacts).
 */
export const searchesNumbers = (term: string): boolean => /\d/.test(term);

/**
 * Whether a walk of this list reads tickets_company_list_index alone (it holds every column the walk tests, the
 * contact too: tickets-0007): one branch over every ticket, with no filter that another index serves better (a status,
 * attendants, tags, days). searchShape prices such a walk at a buffer per leaf page, not per ticket.
 */
export const walksListIndexOnly = (access: TicketAccess, f: TicketListFilters): boolean =>
  seesAllTickets(access) &&
  f.showAll &&
  !f.status &&
  !f.statuses.length &&
  !f.userIds.length &&
  !f.tagIds.length &&
  !f.createdOn &&
  !f.updatedOn;

/** A branch read in list order off its own index, up to `readUpTo` entries. */
const listRead = (clause: string, b: Condition, order: string, readUpTo: number) =>
  `(select t.id, t.unread_messages > 0 as unread, t.updated_at from tickets t
     where ${clause} and ${b.sql} order by ${order} limit ${readUpTo})`;

/**
 * A search's few hits: each found contact's tickets off tickets_contact_id_index and each ticket whose messages say
 * the term by primary key, tested against the list's conditions as they are read, so each hit's ticket is read once
 * (the lateral `offset 0` keeps each a nested loop: as a join, a guess of many contacts hashed every ticket of the
 * company first, issue 30). The union drops a ticket found both ways.
 */
const fromHitsRead = (clause: string, b: Condition, readUpTo: number) =>
  `(select x.id, x.unread, x.updated_at from (
      select t.id, t.unread, t.updated_at from named n
       cross join lateral (select t.id, t.unread_messages > 0 as unread, t.updated_at from tickets t
                            where t.contact_id = n.id and ${clause} and ${b.sql} offset 0) t
      union
      select t.id, t.unread, t.updated_at from said s
       cross join lateral (select t.id, t.unread_messages > 0 as unread, t.updated_at from tickets t
                            where t.id = s.ticket_id and ${clause} and ${b.sql} offset 0) t) x
     order by x.unread desc, x.updated_at desc, x.id desc limit ${readUpTo})`;

/**
 * One's own view (inOwnView in visibility.ts, spec part 1 §6) as disjoint conditions, each matching an index that
 * keeps the list order: mine (tickets_user_list_index), unassigned in no queue or in each of my queues
 * (tickets_unassigned_list_index; groups only for allowGroup), and for allowGroup the groups someone else holds. An
 * OR of them in one scan read every ticket of the status whenever few were visible (an admin's own Pending: 15,000
 * rows read for none shown).
 */
function ownViewBranches(a: TicketAccess): Condition[] {
  // Without allowGroup, unassigned group tickets stay hidden: a filter on rows the index walk reads anyway.
  const groups = a.allowGroup ? '' : ' and not t.is_group';
  // In every queue (an admin), the unassigned in no queue and in each queue are every unassigned ticket: one branch,
  // read off tickets_unassigned_any_queue_list_index (one per queue read 7 × 100 entries for the Pending tab).
  if (a.everyQueue)
    return [
      { sql: 't.user_id = ?', params: [a.userId] },
      { sql: `t.user_id is null${groups}`, params: [] },
      ...(a.allowGroup ? [{ sql: 't.is_group and t.user_id <> ?', params: [a.userId] }] : []),
    ];
  const branches: Condition[] = [
    { sql: 't.user_id = ?', params: [a.userId] },
    { sql: `t.user_id is null and coalesce(t.queue_id, 0) = 0${groups}`, params: [] },
  ];
  // One branch per queue: `queue_id = ?` reads the partial index in order, where `queue_id in (…)` made the planner
  // walk the whole status instead.
  for (const q of a.queueIds)
    branches.push({ sql: `t.user_id is null and coalesce(t.queue_id, 0) = ?${groups}`, params: [q] });
  if (a.allowGroup) {
    // Every other group ticket: someone else's, or unassigned in a queue that is not mine.
    branches.push({
      sql: 't.is_group and (t.user_id <> ? or (t.user_id is null and t.queue_id is not null and t.queue_id <> all(?::int[])))',
      params: [a.userId, a.queueIds],
    });
  }
  return branches;
}

/**
 * The visibility rule as one SQL condition on a ticket aliased `t`, for reads that are not the ticket list (the list
 * keeps its branches apart, one per index). @example const v = visibleTicketSql(access); `where ${v.sql}`, v.params
 */
export const visibleTicketSql = (a: TicketAccess): Condition =>
  seesAllTickets(a) ? EVERY_TICKET : anyBranch(ownViewBranches(a));

/** The branches as one condition (any of them). */
function anyBranch(branches: Condition[]): Condition {
  return {
    sql: `(${branches.map((b) => `(${b.sql})`).join(' or ')})`,
    params: branches.flatMap((b) => b.params),
  };
}

/** Each branch once per status (disjoint). */
const withEachStatus = (branches: Condition[], statuses: readonly string[]): Condition[] =>
  branches.flatMap((b) =>
    statuses.map((status) => ({ sql: `${b.sql} and t.status = ?`, params: [...b.params, status] })),
  );

/** Each branch once per attendant and status (all disjoint), each read off tickets_user_list_index in list order. */
function splitByAttendant(
  branches: Condition[],
  userIds: number[],
  statuses: readonly string[],
): Condition[] {
  return branches.flatMap((b) =>
    [...new Set(userIds)].flatMap((userId) =>
      [...new Set(statuses)].map((status) => ({
        sql: `${b.sql} and t.user_id = ? and t.status = ?`,
        params: [...b.params, userId, status],
      })),
    ),
  );
}
