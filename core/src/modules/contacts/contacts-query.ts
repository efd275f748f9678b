import { CHANNELS, dateField, idField, pageQuery } from '@balcao/sdk';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { likeTerm } from '../../db/sql-helpers.js';
import { Contact, type IContact } from './contact.entity.js';

// Day boundaries of the date filters are the company's days; companies have no timezone of their own yet.
const COMPANY_TIMEZONE = 'America/Sao_Paulo';

const jsonIds = z.preprocess((v) => {
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, z.array(idField, 'Invalid list of tag ids').optional());

/** Filters of `GET /contacts` and `GET /contacts/export`. */
export const contactFilterQuery = pageQuery.extend({
  contactTag: jsonIds,
  channel: z.enum(CHANNELS).optional(),
  isGroup: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  dateStart: dateField.optional(),
  dateEnd: dateField.optional(),
});
export type ContactFilter = z.infer<typeof contactFilterQuery>;

/**
 * The contacts matching `f`, in name order. The tenant is written into the query (query builders do not apply
 * the tenant filter). The text search uses the trigram indexes on name, number and email.
 */
export function contactsQuery(
  em: EntityManager,
  companyId: number,
  f: Omit<ContactFilter, 'pageNumber'>,
): QueryBuilder<IContact> {
  const qb = em.createQueryBuilder(Contact, 'c').where({ companyId });
  if (f.searchParam) {
    const term = `%${likeTerm(f.searchParam)}%`;
    qb.andWhere({
      $or: [{ name: { $ilike: term } }, { number: { $ilike: term } }, { email: { $ilike: term } }],
    });
  }
  if (f.contactTag?.length) {
    qb.andWhere('exists (select 1 from contact_tags ct where ct.contact_id = c.id and ct.tag_id in (?))', [
      f.contactTag,
    ]);
  }
  if (f.channel) qb.andWhere({ channel: f.channel });
  if (f.isGroup !== undefined) qb.andWhere({ isGroup: f.isGroup });
  if (f.dateStart)
    qb.andWhere(`c.created_at >= (?::date)::timestamp at time zone '${COMPANY_TIMEZONE}'`, [f.dateStart]);
  if (f.dateEnd) {
    qb.andWhere(`c.created_at < (?::date + 1)::timestamp at time zone '${COMPANY_TIMEZONE}'`, [f.dateEnd]);
  }
  return qb.orderBy({ name: 'asc', id: 'asc' });
}
