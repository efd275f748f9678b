import {
  CONTACT_COUNT_CAP,
  channelKindField,
  dateField,
  type ExtraInfoDto,
  idField,
  pageQuery,
  type TagDto,
} from '@balcao/sdk';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { localDaysWhere } from '../../db/local-days.js';
import { literalArrays } from '../../db/prepared.js';
import { likeTerm } from '../../db/sql-helpers.js';
import { Contact, type IContact } from './contact.entity.js';
import { byNameWords, firstNamedByWordsSql } from './contact-words.js';

const jsonIds = z.preprocess((v) => {
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, z.array(idField, 'Invalid list of tag ids').optional());

/**
 * Filters of `GET /contacts` and `GET /contacts/export` (spec part 1 §7). The dates are the company's calendar days
 * the contact was created on: `dateStart`..`dateEnd` a range (either end open), `date` one single day; given
 * together, a contact must match both.
 */
export const contactFilterQuery = pageQuery.extend({
  contactTag: jsonIds,
  channel: channelKindField.optional(),
  isGroup: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  dateStart: dateField.optional(),
  dateEnd: dateField.optional(),
  date: dateField.optional(),
});
export type ContactFilter = z.infer<typeof contactFilterQuery>;

/** The filter of `f` on alias `c` as SQL with `?` placeholders, the tenant included; lists are array parameters. */
export function contactWhereSql(
  companyId: number,
  f: Omit<ContactFilter, 'pageNumber'>,
  opts: { walk?: boolean } = {},
): { sql: string; params: unknown[] } {
  const where = ['c.company_id = ?'];
  const params: unknown[] = [companyId];
  if (f.searchParam) {
    // Each column has its trigram index; the planner ORs their bitmaps. A walk (`opts.walk`) tests the term on each
    // contact it passes instead, as ILIKE does in a multibyte encoding (lower of both sides, then LIKE) but lowering
    // the pattern once, not per row (a third of the CPU). `is distinct from false` (never null: e-mail coalesced)
    // is no index's condition and is guessed true for half the rows, so the planner walks in name order and stops
    // at the limit rather than read and sort everything.
    const term = `%${likeTerm(f.searchParam)}%`;
    where.push(
      opts.walk
        ? `((lower(c.name) like lower(?) or lower(c.number) like lower(?)
             or coalesce(lower(c.email), '') like lower(?)) is distinct from false)`
        : '(c.name ilike ? or c.number ilike ? or c.email ilike ?)',
    );
    params.push(term, term, term);
  }
  if (f.contactTag?.length) {
    where.push(
      'exists (select 1 from contact_tags ct where ct.contact_id = c.id and ct.tag_id = any(?::int[]))',
    );
    params.push(f.contactTag);
  }
  if (f.channel) where.push('c.channel = ?') && params.push(f.channel);
  if (f.isGroup !== undefined) where.push('c.is_group = ?') && params.push(f.isGroup);
  const range = localDaysWhere('c.created_at', f.dateStart, f.dateEnd);
  const day = localDaysWhere('c.created_at', f.date, f.date);
  where.push(...range.where, ...day.where);
  params.push(...range.params, ...day.params);
  return { sql: where.join(' and '), params };
}

/** The contacts matching `f` as entities, in name order (export, pickers). */
export function contactsQuery(
  em: EntityManager,
  companyId: number,
  f: Omit<ContactFilter, 'pageNumber'>,
): QueryBuilder<IContact> {
  const w = contactWhereSql(companyId, f);
  return em
    .createQueryBuilder(Contact, 'c')
    .where(w.sql, literalArrays(w.params))
    .orderBy({ name: 'asc', id: 'asc' });
}

/**
 * A row of `contactPageSql`: the contact, its tags, extra info, last message and when its most recent ticket was
 * updated, and the filter's total.
 */
export interface ContactPageRow {
  total: number;
  id: number | null;
  name: string;
  number: string;
  email: string | null;
  channel: string;
  is_group: boolean;
  url_picture: string | null;
  active: boolean;
  disable_bot: boolean;
  accept_audio_message: boolean;
  lgpd_accepted_at: string | null;
  created_at: string;
  updated_at: string;
  tags: TagDto[];
  extra_info: ExtraInfoDto[];
  last_message: string | null;
  last_ticket_updated_at: string | null;
}

/**
 * A contact's columns as `ContactPageRow` (alias c: a contacts row), with its tags, extra info, and the last message
 * and `updated_at` of its most recently updated ticket (lateral `lt`, from `CONTACT_LAST_TICKET`).
 */
export const CONTACT_ROW_COLUMNS = `c.id, c.name, c.number, c.email, c.channel, c.is_group, c.url_picture, c.active,
  c.disable_bot, c.accept_audio_message, c.lgpd_accepted_at, c.created_at, c.updated_at,
  coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color, 'kanban', g.kanban)
                            order by g.name, g.id)
              from contact_tags ct join tags g on g.id = ct.tag_id
             where ct.contact_id = c.id and g.company_id = c.company_id), '[]') as tags,
  coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name, 'value', x.value) order by x.id)
              from contact_custom_fields x where x.contact_id = c.id), '[]') as extra_info,
  lt.last_message, lt.updated_at as last_ticket_updated_at`;

/** The lateral join CONTACT_ROW_COLUMNS reads `lt` from, after `from (…) c`. */
export const CONTACT_LAST_TICKET = `left join lateral (
  select t.last_message, t.updated_at from tickets t
   where t.company_id = c.company_id and t.contact_id = c.id
   order by t.updated_at desc limit 1) lt on true`;

/**
 * One page of `GET /contacts` and the filter's count as one statement: each contact with its tags, extra info and
 * the last message and `updated_at` of its most recently updated ticket (spec part 1 §3 Contact `tickets
 * (updatedAt)`). A count of 0 comes back as one row with a null id. The page has up to `pageSize + 1` rows: the one
 * past the page says there is more (`hasMore`), as a search's count stops at CONTACT_COUNT_CAP.
 *
 * A text search either gathers its hits (`gather`: a full name, a number, a few dozen found), or reads each name
 * word's first contacts off the per-word name index (`words`: a term without a space, see wordsPageSql), or, when
 * the term names many contacts, walks the contacts in name order testing the term and stops at the page's end
 * (`walk`); the last two count only up to CONTACT_COUNT_CAP + 1. `contactSearchRead` chooses (issue 30).
 */
export function contactPageSql(
  companyId: number,
  f: ContactFilter,
  pageSize: number,
  read: ContactSearchRead = 'gather',
): { sql: string; params: unknown[] } {
  const w = contactWhereSql(companyId, f);
  const offset = pageSize * (f.pageNumber - 1);
  // The read stops at the next power of two past the page's end (and the row after it), a number in the text: with
  // a parameter, the plan made once for every page guessed a long read and sorted all the contacts (180 ms for
  // page 1).
  const readUpTo = 2 ** Math.ceil(Math.log2(offset + pageSize + 1));
  const byId = 'cross join lateral (select * from contacts c where c.id = h.id offset 0) c';
  const tail = `${CONTACT_LAST_TICKET}
               order by c.name, c.id limit ${pageSize + 1} offset ?) p on true
           order by p.name, p.id`;
  if (read === 'words' && wordsFit(f)) return wordsPageSql(companyId, f, offset, pageSize, readUpTo);
  if (f.searchParam && read === 'walk') {
    // The walk: an index-only scan of contacts_company_name_walk_index (name, id, number, email) testing the term,
    // then the page's rows by primary key. The count: the first CONTACT_COUNT_CAP + 1 hits in any order, tested the
    // same cheap way.
    const ww = contactWhereSql(companyId, f, { walk: true });
    return {
      sql: `select n.total, p.*
              from (select count(*)::int as total
                      from (select 1 from contacts c where ${ww.sql} limit ${CONTACT_COUNT_CAP + 1}) x) n
              left join lateral (
                select ${CONTACT_ROW_COLUMNS}
                  from (select c.* from (select c.id from contacts c where ${ww.sql}
                                          order by c.name, c.id limit ${readUpTo}) h
                          ${byId}) c
                  ${tail}`,
      params: [...ww.params, ...ww.params, offset],
    };
  }
  // A text search finds its few contacts once (three trigram indexes) for both the count and the page; the list of
  // all contacts counts off the name index and reads its page in name order. The search's page is cut from the hits
  // (id and name) before any row is read again: joining all the hits back to contacts let the plan flip with the
  // statistics' guess of their number (20 or 6,000 for 2,000 found) to a hash join over every contact (issue 30).
  const found = `select c.id${f.searchParam ? ', c.name' : ''} from contacts c where ${w.sql}`;
  const page = f.searchParam
    ? `select c.* from (select found.id from found order by found.name, found.id limit ${readUpTo}) h ${byId}`
    : `select c.* from contacts c where ${w.sql} order by c.name, c.id limit ${readUpTo}`;
  return {
    sql: `${f.searchParam ? `with found as materialized (${found})` : ''}
          select n.total, p.*
            from (select count(*)::int as total from ${f.searchParam ? 'found' : `(${found}) c`}) n
            left join lateral (
              select ${CONTACT_ROW_COLUMNS}
                from (${page}) c
                ${tail}`,
    params: f.searchParam ? [...w.params, offset] : [...w.params, ...w.params, offset],
  };
}

/** How a contacts search reads its page and count: see contactPageSql. */
export type ContactSearchRead = 'gather' | 'walk' | 'words';

/**
 * Whether the per-word name index answers `f` alone: a term without a space and no other filter (tags, channel, group,
 * days would drop words' contacts after their first ones were read).
 */
const wordsFit = (f: ContactFilter): boolean =>
  Boolean(f.searchParam) &&
  byNameWords(f.searchParam) &&
  !f.contactTag?.length &&
  f.channel === undefined &&
  f.isGroup === undefined &&
  !f.dateStart &&
  !f.dateEnd &&
  !f.date;

/**
 * The `words` read: the first `upTo` contacts in name order of each name word containing the term (index only, see
 * firstNamedByWordsSql), and the first `upTo` whose number or e-mail contains it (trigram indexes, sorted by name);
 * their union holds the page (`readUpTo` ≤ `upTo`) and, below CONTACT_COUNT_CAP + 1, every hit. So a surname's page
 * and count read a few hundred index entries at any number of contacts. The numbers and e-mails are read off their
 * trigram indexes, then sorted (`offset 0`): the generic plan the server runs would otherwise walk every contact in
 * name order, testing each, to find the few (100,000 contacts read for none found, 48 ms).
 */
function wordsPageSql(
  companyId: number,
  f: ContactFilter,
  offset: number,
  pageSize: number,
  readUpTo: number,
): { sql: string; params: unknown[] } {
  const upTo = Math.max(readUpTo, CONTACT_COUNT_CAP + 1);
  const named = firstNamedByWordsSql(companyId, f.searchParam, upTo);
  const term = `%${likeTerm(f.searchParam)}%`;
  return {
    sql: `with hits as materialized (
            ${named.sql}
            union
            (select x.id, x.name
               from (select c.id, c.name from contacts c where c.company_id = ? and (c.number ilike ? or c.email ilike ?)
                     offset 0) x
              order by x.name, x.id limit ${upTo}))
          select n.total, p.*
            from (select least(count(*), ${CONTACT_COUNT_CAP + 1})::int as total from hits) n
            left join lateral (
              select ${CONTACT_ROW_COLUMNS}
                from (select c.* from (select h.id from hits h order by h.name, h.id limit ${readUpTo}) h
                       cross join lateral (select * from contacts c where c.id = h.id offset 0) c) c
                ${CONTACT_LAST_TICKET}
               order by c.name, c.id limit ${pageSize + 1} offset ?) p on true
           order by p.name, p.id`,
    params: [...named.params, companyId, term, term, offset],
  };
}

/**
 * The server CPU of a search, in contacts a walk tests: gathering costs about this many walked contacts per hit
 * (bitmap, the hit's table page, recheck, sort). Measured at 100,000 contacts: ~6 ms for 1,668 hits gathered, ~13 ms
 * for ~15,000 contacts walked (page and count).
 */
const GATHER_COST_PER_HIT = 4;
/**
 * Names in order are not spread evenly: a surname's hits start only at its first first-name group ("Ana Pereira"),
 * so a walk meets them far less often than their share says, and later the more contacts there are. Measured on the
 * bench data: ~2× at 100,000 contacts, ~10× at 1,000,000 for "pereira" (1.7 % of contacts). With 16, a surname on
 * 1.7 % gathers at both sizes and only a term on a large share of contacts walks ("silva" at 1 M, 3.1 %; "ana").
 */
const WALK_SKEW = 16;

/** One row of `contactSearchShapeSql`'s answer: the plan as JSON. */
export type ContactShapePlanRow = { 'QUERY PLAN': [{ Plan: { Plans?: { 'Plan Rows': number }[] } }] };

/**
 * The EXPLAIN `contactSearchShape` reads (nothing run): the planner's guesses of the contacts the search names, of
 * the company's contacts and, for a term the name words can answer (`wordsFit`), of the contacts its number or e-mail
 * names and of the name words that contain the term. There the name is guessed alone and the numbers and e-mails once
 * (the contacts it names are both guesses together): each column's ILIKE guess reads its 1,000-entry statistics, about
 * 0.5 ms of planning, and asking for the number twice cost a third of the EXPLAIN.
 */
export function contactSearchShapeSql(
  companyId: number,
  f: ContactFilter,
): { sql: string; params: unknown[] } {
  const term = `%${likeTerm(f.searchParam)}%`;
  if (wordsFit(f))
    return {
      sql: `explain (format json)
            select 1 from contacts c where c.company_id = ? and c.name ilike ?
            union all select 1 from contacts c where c.company_id = ?
            union all select 1 from contacts c where c.company_id = ? and (c.number ilike ? or c.email ilike ?)
            union all select 1 from contact_words v where v.company_id = ? and v.word like lower(?)`,
      params: [companyId, term, companyId, companyId, term, term, companyId, term],
    };
  const w = contactWhereSql(companyId, f);
  return {
    sql: `explain (format json)
          select 1 from contacts c where ${w.sql}
          union all select 1 from contacts c where c.company_id = ?`,
    params: [...w.params, companyId],
  };
}

/**
 * contactSearchShapeSql's guesses: the contacts the search names (`named`), the company's (`contacts`) and, when
 * the name words can answer it, the contacts its number or e-mail names (`others`) and the words (`words`).
 */
function shapeGuesses(
  rows: ContactShapePlanRow[],
  f: ContactFilter,
): { named: number; contacts: number; others?: number; words?: number } {
  const [first = 0, contacts = 0, others, words] = (rows[0]?.['QUERY PLAN'][0]?.Plan.Plans ?? []).map(
    (p) => p['Plan Rows'],
  );
  if (!wordsFit(f) || others === undefined) return { named: first, contacts };
  return { named: first + others, contacts, others, words };
}

/**
 * The `words` read serves a term that a few name words contain (each word reads up to a page's worth of its
 * contacts) and few numbers or e-mails (gathered and sorted): past these guesses, the walk or gathering as before.
 */
const WORDS_MAX_WORDS = 64;
const WORDS_MAX_OTHER_HITS = 1_000;

/** How a search page reads (see contactPageSql), from contactSearchShapeSql's plan. */
export function contactSearchReadOfPlan(
  rows: ContactShapePlanRow[],
  f: ContactFilter,
  pageSize: number,
): ContactSearchRead {
  const { others, words } = shapeGuesses(rows, f);
  if (
    others !== undefined &&
    words !== undefined &&
    others <= WORDS_MAX_OTHER_HITS &&
    words <= WORDS_MAX_WORDS
  )
    return 'words';
  return walksOfPlan(rows, f, pageSize) ? 'walk' : 'gather';
}

/**
 * Whether a search page walks (see contactPageSql), from contactSearchShapeSql's plan. Gathering reads every hit;
 * a walk tests about `readUpTo × contacts / named` contacts for the page and `(CONTACT_COUNT_CAP + 1) × contacts /
 * named` for the count (times WALK_SKEW). The cheaper in server CPU wins.
 */
export function walksOfPlan(rows: ContactShapePlanRow[], f: ContactFilter, pageSize: number): boolean {
  const { named, contacts } = shapeGuesses(rows, f);
  const readUpTo = pageSize * f.pageNumber + 1;
  const walk = (WALK_SKEW * (readUpTo + CONTACT_COUNT_CAP + 1) * Math.max(contacts, 1)) / Math.max(named, 1);
  return walk < named * GATHER_COST_PER_HIT;
}
