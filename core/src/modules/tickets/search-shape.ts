import { TICKET_COUNT_CAP } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRows } from '../../db/prepared.js';
import { likeTerm } from '../../db/sql-helpers.js';
import { byNameWords, nameWordsSql } from '../contacts/contact-words.js';
import { searchesNumbers, type TicketListFilters, walksListIndexOnly } from './ticket-list-sql.js';
import type { TicketAccess } from './visibility.js';

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
 * The shape of a ticket search, from the planner's guesses (statistics read by EXPLAIN, nothing run): how many
 * messages say the term, how many contacts it names, and how many tickets and contacts the company has.
 * - More than COMMON_TERM_MESSAGES messages: walk the list and test each ticket (commonTerm).
 * - Many contacts named: walk the list and test each ticket's contact against them (manyNamed) when the walk is the
 *   shorter read. A walk stops after WALK_HITS hits, about WALK_HITS × contacts / named tickets into the list
 *   whatever the data's size; gathering reads every named contact's tickets, a number that grows with the data.
 * - Otherwise the hits are gathered and sorted (a full name, a number: a few dozen).
 * A term without a space also gets the name words that contain it (`nameWords`): the named contacts are read by word.
 * The list's filters and the reader's access say whether a walk would read index only (walksListIndexOnly).
 * The company's own guesses are kept a while (companyGuesses): only the term's are planned for each search.
 */
export async function searchShape(
  em: EntityManager,
  companyId: number,
  access: TicketAccess,
  f: TicketListFilters,
): Promise<SearchShape> {
  const run: RunRows = (sql, params) => plainRows(em, sql, params);
  const company = await companyGuesses(em.getConnection(), companyId, run);
  return searchShapeWith(run, companyId, f.searchParam, walksListIndexOnly(access, f), company);
}

/** Runs a statement with `?` placeholders and returns its rows (the service's connection, or a bench's client). */
export type RunRows = <T extends object>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * searchShape on any connection (the benchmarks ask exactly what the service asks). `indexOnlyWalk`: the list would
 * be walked off tickets_company_list_index alone (walksListIndexOnly in ticket-list-sql.ts). `company`: the company's
 * guesses when known (companyGuesses); without them they are planned with the term's, in the same EXPLAIN.
 */
export async function searchShapeWith(
  run: RunRows,
  companyId: number,
  searchParam: string,
  indexOnlyWalk: boolean,
  company?: CompanyGuesses,
): Promise<SearchShape> {
  // A term without a space names contacts by the words that contain it: those words first, so the guess of their
  // contacts is the words' own (cheap to plan), not the guess of `name ilike` over 1,000-entry histograms.
  let nameWords: string[] | undefined;
  if (byNameWords(searchParam)) {
    const w = nameWordsSql(companyId, searchParam);
    const [row] = await run<{ words: string[] }>(w.sql, w.params);
    nameWords = row?.words ?? [];
  }
  const q = searchShapeSql(companyId, searchParam, nameWords, !company);
  const guessed = guessesOfPlan(await run<ShapePlanRow>(q.sql, q.params), q.guesses);
  const shape = shapeOfGuesses(company ? { ...guessed, ...company } : guessed, indexOnlyWalk);
  return nameWords ? { ...shape, nameWords } : shape;
}

/** One row of an EXPLAIN (format json)'s answer: the plan. */
export type ShapePlanRow = { 'QUERY PLAN': [{ Plan: { Plans?: { 'Plan Rows': number }[] } }] };

/** What each branch of searchShapeSql guesses, in order (`named` may come twice: by name and by number). */
export type ShapeGuess = 'said' | 'named' | 'tickets' | 'contacts' | 'unlisted';

/** The guesses of a company that no term changes: they move with the statistics, at ANALYZE. */
export type CompanyGuesses = Pick<Record<ShapeGuess, number>, 'tickets' | 'contacts' | 'unlisted'>;

/** How long a company's guesses are kept: statistics change at ANALYZE (autovacuum's: minutes apart at the least). */
const COMPANY_GUESSES_MS = 5 * 60_000;
/** Companies kept per database; past this the map starts over. */
const MAX_COMPANIES = 10_000;
/** Per database connection (an ORM's: a test's or a bench's database has its own), then per company. */
const kept = new WeakMap<object, Map<number, { at: number; guesses: Promise<CompanyGuesses> }>>();

/**
 * The company's guesses (its tickets, its contacts, a word the bodies' statistics do not list: companyGuessSql), kept
 * for COMPANY_GUESSES_MS per database connection `db` and read once for searches that miss together. Planning them
 * cost ~0.35 ms of the ~1 ms a search's EXPLAIN took (docs/benchmarks.md). A stale guess can only pick another read
 * of the same rows: what a search finds never depends on it.
 */
export async function companyGuesses(db: object, companyId: number, run: RunRows): Promise<CompanyGuesses> {
  let companies = kept.get(db);
  if (!companies) {
    companies = new Map();
    kept.set(db, companies);
  }
  const now = Date.now();
  const known = companies.get(companyId);
  if (known && now - known.at < COMPANY_GUESSES_MS) return known.guesses;
  if (companies.size >= MAX_COMPANIES) companies.clear();
  const q = companyGuessSql(companyId);
  const guesses = run<ShapePlanRow>(q.sql, q.params).then((rows) => {
    const { tickets, contacts, unlisted } = guessesOfPlan(rows, q.guesses);
    return { tickets, contacts, unlisted };
  });
  const entry = { at: now, guesses };
  companies.set(companyId, entry);
  // A failed read is not kept: the next search asks again.
  guesses.catch(() => {
    if (companies.get(companyId) === entry) companies.delete(companyId);
  });
  return guesses;
}

interface Branch {
  guess: ShapeGuess;
  sql: string;
  params: unknown[];
}

/** One EXPLAIN of the branches' union: each branch's guess is a child of the plan, in order. */
const explainOf = (branches: Branch[]) => ({
  sql: `explain (format json) ${branches.map((b) => b.sql).join(' union all ')}`,
  params: branches.flatMap((b) => b.params),
  guesses: branches.map((b) => b.guess),
});

/** The company's branches: its tickets, its contacts, and a word the bodies' statistics do not list (`unlisted`). */
const companyBranches = (companyId: number): Branch[] => [
  { guess: 'tickets', sql: 'select 1 from tickets t where t.company_id = ?', params: [companyId] },
  { guess: 'contacts', sql: 'select 1 from contacts c where c.company_id = ?', params: [companyId] },
  {
    guess: 'unlisted',
    sql: `select 1 from messages m where m.company_id = ? and to_tsvector('simple', m.body) @@ '''@'''::tsquery`,
    params: [companyId],
  },
];

/** The EXPLAIN of the company's guesses alone (companyGuesses). */
export const companyGuessSql = (companyId: number) => explainOf(companyBranches(companyId));

/**
 * The EXPLAIN searchShape reads (pure, so the benchmark asks the same): one guess per branch (`guesses` names them),
 * the company's last unless `withCompany` is false (companyBranches). The messages' guess is for the term's words (the
 * last a prefix) off the bodies' words' statistics; PostgreSQL never guesses a prefix below a word it does not list,
 * so a rare term is guessed at that floor (`unlisted`), which on a small vocabulary (every word common) is 0.5 % of
 * the messages. The contacts named: by `nameWords` when given (searchShapeWith), else by `name ilike`; by number only
 * for a term with a digit, as the search itself (searchesNumbers).
 */
export const searchShapeSql = (
  companyId: number,
  searchParam: string,
  nameWords?: string[],
  withCompany = true,
) => {
  const term = `%${likeTerm(searchParam)}%`;
  const branches: Branch[] = [
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
  if (withCompany) branches.push(...companyBranches(companyId));
  return explainOf(branches);
};

/** A term's messages guess must pass the unlisted word's by this much to count as common (see searchShapeSql). */
const OVER_UNLISTED = 1.5;

/** An EXPLAIN's guesses summed by what they guess; `guesses` names its branches, in order. */
export function guessesOfPlan(
  rows: ShapePlanRow[],
  guesses: readonly ShapeGuess[],
): Record<ShapeGuess, number> {
  const sum: Record<ShapeGuess, number> = { said: 0, named: 0, tickets: 0, contacts: 0, unlisted: 0 };
  (rows[0]?.['QUERY PLAN'][0]?.Plan.Plans ?? []).forEach((p, i) => {
    const guess = guesses[i];
    if (guess) sum[guess] += p['Plan Rows'];
  });
  return sum;
}

/** The shape from searchShapeSql's plan (see searchShape); `guesses` names its branches, in order. */
export const shapeOfPlan = (
  rows: ShapePlanRow[],
  indexOnlyWalk: boolean,
  guesses: readonly ShapeGuess[] = ['said', 'named', 'tickets', 'contacts', 'unlisted'],
): SearchShape => shapeOfGuesses(guessesOfPlan(rows, guesses), indexOnlyWalk);

/** The shape from the guesses (see searchShape). */
function shapeOfGuesses(sum: Record<ShapeGuess, number>, indexOnlyWalk: boolean): SearchShape {
  const { said, named, tickets, contacts, unlisted } = sum;
  if (said > COMMON_TERM_MESSAGES && said > OVER_UNLISTED * unlisted)
    return { commonTerm: true, manyNamed: false };
  const perBuffer = indexOnlyWalk ? INDEX_ONLY_WALK_TICKETS_PER_BUFFER : 1;
  const walk = (WALK_HITS * Math.max(contacts, 1)) / Math.max(named, 1) / perBuffer;
  const gather = (named * GATHER_BUFFERS_PER_HIT * Math.max(tickets, 1)) / Math.max(contacts, 1);
  return { commonTerm: false, manyNamed: walk < gather };
}
