import { CHANNELS, dateField, idField, pageQuery } from '@balcao/sdk';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { localDaysWhere } from '../../db/local-days.js';
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
  const days = localDaysWhere('c.created_at', f.dateStart, f.dateEnd);
  for (const [i, sql] of days.where.entries()) qb.andWhere(sql, [days.params[i]]);
  return qb.orderBy({ name: 'asc', id: 'asc' });
}
