import { channelKindField, dateField, type ExtraInfoDto, idField, pageQuery, type TagDto } from '@balcao/sdk';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { localDaysWhere } from '../../db/local-days.js';
import { literalArrays } from '../../db/prepared.js';
import { likeTerm } from '../../db/sql-helpers.js';
import { Contact, type IContact } from './contact.entity.js';

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
): { sql: string; params: unknown[] } {
  const where = ['c.company_id = ?'];
  const params: unknown[] = [companyId];
  if (f.searchParam) {
    // Each column has its trigram index; the planner ORs their bitmaps.
    const term = `%${likeTerm(f.searchParam)}%`;
    where.push('(c.name ilike ? or c.number ilike ? or c.email ilike ?)');
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
 * (updatedAt)`). A count of 0 comes back as one row with a null id.
 */
export function contactPageSql(
  companyId: number,
  f: ContactFilter,
  pageSize: number,
): { sql: string; params: unknown[] } {
  const w = contactWhereSql(companyId, f);
  const offset = pageSize * (f.pageNumber - 1);
  // The read stops at the next power of two past the page's end, a number in the text: with a parameter, the plan
  // made once for every page guessed a long read and sorted all the contacts (180 ms for page 1).
  const readUpTo = 2 ** Math.ceil(Math.log2(offset + pageSize));
  // A text search finds its few contacts once (three trigram indexes) for both the count and the page; the list of
  // all contacts counts off the name index and reads its page in name order. The search's page is cut from the hits
  // (id and name) before any row is read again: joining all the hits back to contacts let the plan flip with the
  // statistics' guess of their number (20 or 6,000 for 2,000 found) to a hash join over every contact (issue 30).
  const found = `select c.id${f.searchParam ? ', c.name' : ''} from contacts c where ${w.sql}`;
  const page = f.searchParam
    ? `select c.* from (select found.id from found order by found.name, found.id limit ${readUpTo}) h
         cross join lateral (select * from contacts c where c.id = h.id offset 0) c`
    : `select c.* from contacts c where ${w.sql} order by c.name, c.id limit ${readUpTo}`;
  return {
    sql: `${f.searchParam ? `with found as materialized (${found})` : ''}
          select n.total, p.*
            from (select count(*)::int as total from ${f.searchParam ? 'found' : `(${found}) c`}) n
            left join lateral (
              select ${CONTACT_ROW_COLUMNS}
                from (${page}) c
                ${CONTACT_LAST_TICKET}
               order by c.name, c.id limit ${pageSize} offset ?) p on true
           order by p.name, p.id`,
    params: f.searchParam ? [...w.params, offset] : [...w.params, ...w.params, offset],
  };
}
