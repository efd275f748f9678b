import { AppError, TICKET_COUNT_CAP } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRows } from '../../db/prepared.js';
import { likeTerm } from '../../db/sql-helpers.js';
import { byNameWords, nameWordsSql } from '../contacts/contact-words.js';
import { searchesNumbers, type TicketListFilters, walksListIndexOnly } from './ticket-list-sql.js';
import type { TicketAccess } from './visibility.js';

/** Small reads the ticket rules need, kept out of TicketsService. */

/** Past this many expected message hits, a ticket search walks the list instead of gathering the hits. */
const COMMON_TERM_MESSAGES = 10_000;
/** The hits a walk looks for before it stops, for the first page: the count's cap (ticketListSql's readUpTo). */
const WALK_HITS = TICKET_COUNT_CAP;
/**
 * Gathering a found contact's tickets reads about this many buffers per ticket (the contact's row, the contact's
 * entry in tickets_contact_id_index and the ticket's row, then a sort); a walk reads about one per listed ticket,
 * or, off tickets_company_list_index (which holds the contact, tickets-0007), one per this many listed tickets: the
 * walk is index only (~80 entries a leaf page on the bench data; 64 leaves room for wider rows).
 */
const GATHER_BUFFERS_PER_HIT = 3;
const INDEX_ONLY_WALK_TICKETS_PER_BUFFER = 64;

/** How a ticket search reads: see `commonTerm` and `manyNamed` in TicketListFilters. */
export type SearchShape = Pick<TicketListFilters, 'commonTerm' | 'manyNamed' | 'nameWords'>;

/**
 * The shape of a ticket search, from the planner's guesses (statistics read by one EXPLAIN, nothing run): how many
 * messages say the term, how many contacts it names, and how many tickets and contacts the company has.
 * - More than COMMON_TERM_MESSAGES messages: walk the list and test each ticket (commonTerm).
 * - Many contacts named: walk the list and test each ticket's contact against them (manyNamed) when the walk is the
 *   shorter read. A walk stops after WALK_HITS hits, about WALK_HITS × contacts / named tickets into the list
 *   whatever the data's size; gathering reads every named contact's tickets, a number that grows with the data.
 * - Otherwise the hits are gathered and sorted (a full name, a number: a few dozen).
 * A term without a space also gets the name words that contain it (`nameWords`): the named contacts are read by word.
 * The list's filters and the reader's access say whether a walk would read index only (walksListIndexOnly).
 */
export async function searchShape(
  em: EntityManager,
  companyId: number,
  access: TicketAccess,
  f: TicketListFilters,
): Promise<SearchShape> {
  const run: RunRows = (sql, params) => plainRows(em, sql, params);
  return searchShapeWith(run, companyId, f.searchParam, walksListIndexOnly(access, f));
}

/** Runs a statement with `?` placeholders and returns its rows (the service's connection, or a bench's client). */
export type RunRows = <T extends object>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * searchShape on any connection (the benchmarks ask exactly what the service asks). `indexOnlyWalk`: the list would
 * be walked off tickets_company_list_index alone (walksListIndexOnly in ticket-list-sql.ts).
 */
export async function searchShapeWith(
  run: RunRows,
  companyId: number,
  searchParam: string,
  indexOnlyWalk: boolean,
): Promise<SearchShape> {
  // A term without a space names contacts by the words that contain it: those words first, so the guess of their
  // contacts is the words' own (cheap to plan), not the guess of `name ilike` over 1,000-entry histograms.
  let nameWords: string[] | undefined;
  if (byNameWords(searchParam)) {
    const w = nameWordsSql(companyId, searchParam);
    const [row] = await run<{ words: string[] }>(w.sql, w.params);
    nameWords = row?.words ?? [];
  }
  const q = searchShapeSql(companyId, searchParam, nameWords);
  const shape = shapeOfPlan(await run<ShapePlanRow>(q.sql, q.params), indexOnlyWalk, q.guesses);
  return nameWords ? { ...shape, nameWords } : shape;
}

/** One row of `searchShapeSql`'s answer: the plan as JSON. */
export type ShapePlanRow = { 'QUERY PLAN': [{ Plan: { Plans?: { 'Plan Rows': number }[] } }] };

/** What each branch of searchShapeSql guesses, in order (`named` may come twice: by name and by number). */
export type ShapeGuess = 'said' | 'named' | 'tickets' | 'contacts' | 'unlisted';

/**
 * The EXPLAIN searchShape reads (pure, so the benchmark asks the same): one guess per branch (`guesses` names them)
 * and the guess for a word the bodies' statistics do not list (`unlisted`). The messages' guess is for the term's
 * words (the last a prefix) off the bodies' words' statistics; PostgreSQL never guesses a prefix below a word it
 * does not list, so a rare term is guessed at that floor, which on a small vocabulary (every word common) is 0.5 %
 * of the messages. The contacts named: by `nameWords` when given (searchShapeWith), else by `name ilike`; by number
 * only for a term with a digit, as the search itself (searchesNumbers).
 */
export const searchShapeSql = (companyId: number, searchParam: string, nameWords?: string[]) => {
  const term = `%${likeTerm(searchParam)}%`;
  const branches: { guess: ShapeGuess; sql: string; params: unknown[] }[] = [
    {
      guess: 'said',
      sql: `select 1 from messages m where m.company_id = ? and to_tsvector('simple', m.body) @@ body_words_query(?)`,
      params: [companyId, searchParam],
    },
    nameWords
      ? {
          guess: 'named',
          sql: 'select 1 from contact_name_words w where w.company_id = ? and w.word = any(?::text[])',
          params: [companyId, nameWords],
        }
      : {
          guess: 'named',
          sql: 'select 1 from contacts sc where sc.company_id = ? and sc.name ilike ?',
          params: [companyId, term],
        },
  ];
  if (searchesNumbers(searchParam))
    branches.push({
      guess: 'named',
      sql: 'select 1 from contacts sc where sc.company_id = ? and sc.number ilike ?',
      params: [companyId, term],
    });
  branches.push(
    { guess: 'tickets', sql: 'select 1 from tickets t where t.company_id = ?', params: [companyId] },
    { guess: 'contacts', sql: 'select 1 from contacts c where c.company_id = ?', params: [companyId] },
    {
      guess: 'unlisted',
      sql: `select 1 from messages m where m.company_id = ? and to_tsvector('simple', m.body) @@ '''@'''::tsquery`,
      params: [companyId],
    },
  );
  return {
    sql: `explain (format json) ${branches.map((b) => b.sql).join(' union all ')}`,
    params: branches.flatMap((b) => b.params),
    guesses: branches.map((b) => b.guess),
  };
};

/** A term's messages guess must pass the unlisted word's by this much to count as common (see searchShapeSql). */
const OVER_UNLISTED = 1.5;

/** The shape from searchShapeSql's plan (see searchShape); `guesses` names its branches, in order. */
export function shapeOfPlan(
  rows: ShapePlanRow[],
  indexOnlyWalk: boolean,
  guesses: readonly ShapeGuess[] = ['said', 'named', 'tickets', 'contacts', 'unlisted'],
): SearchShape {
  const sum: Record<ShapeGuess, number> = { said: 0, named: 0, tickets: 0, contacts: 0, unlisted: 0 };
  (rows[0]?.['QUERY PLAN'][0]?.Plan.Plans ?? []).forEach((p, i) => {
    const guess = guesses[i];
    if (guess) sum[guess] += p['Plan Rows'];
  });
  const { said, named, tickets, contacts, unlisted } = sum;
  if (said > COMMON_TERM_MESSAGES && said > OVER_UNLISTED * unlisted)
    return { commonTerm: true, manyNamed: false };
  const perBuffer = indexOnlyWalk ? INDEX_ONLY_WALK_TICKETS_PER_BUFFER : 1;
  const walk = (WALK_HITS * Math.max(contacts, 1)) / Math.max(named, 1) / perBuffer;
  const gather = (named * GATHER_BUFFERS_PER_HIT * Math.max(tickets, 1)) / Math.max(contacts, 1);
  return { commonTerm: false, manyNamed: walk < gather };
}

/** Whether the contact carries any tag (the requiredTag rule). */
export async function contactHasTags(em: EntityManager, contactId: number): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute('select 1 from contact_tags where contact_id = ? limit 1', [contactId]);
  return rows.length > 0;
}

/** A queue, connection or user id given in a request must be one of the company's: otherwise a field error. */
export async function assertOwned(
  em: EntityManager,
  table: 'queues' | 'whatsapps' | 'users',
  id: number | null | undefined,
  companyId: number,
): Promise<void> {
  if (!id) return;
  const rows = await em
    .getConnection()
    .execute(`select 1 from ${table} where id = ? and company_id = ?`, [id, companyId]);
  if (!rows.length) {
    const path = { queues: 'queueId', whatsapps: 'whatsappId', users: 'userId' }[table];
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path, message: 'Unknown' }] });
  }
}
