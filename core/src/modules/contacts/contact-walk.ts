import { type ContactDto, type ContactListQuery, contactListSchema, validate } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRows } from '../../db/prepared.js';
import { contactDtoOfRow } from './contact-presenter.js';
import {
  CONTACT_LAST_TICKET,
  CONTACT_ROW_COLUMNS,
  type ContactPageRow,
  contactWhereSql,
} from './contacts-query.js';

/**
 * One page of `ContactsPort.list`: keyset by id, newest first, so walking a whole audience reads each contact once and
 * holds one page at a time (no offset, no count). The contacts screen's filters (search, tags: any of them, channel),
 * plus `connectionId`: contacts with a ticket on that connection, as contacts have no connection of their own.
 * Numbers are never masked for the company's own software; `maskNumbers` masks them as the contacts screen does for a
 * reader the LGPD setting hides them from (the viewer port).
 */
export async function walkContacts(
  em: EntityManager,
  companyId: number,
  query: ContactListQuery,
  maskNumbers = false,
): Promise<ContactDto[]> {
  const q = validate(contactListSchema, query);
  const w = contactWhereSql(companyId, {
    searchParam: q.search ?? '',
    contactTag: q.tagIds,
    channel: q.channel,
  });
  const where = [w.sql];
  const params = [...w.params];
  if (q.connectionId !== undefined) {
    where.push(
      'exists (select 1 from tickets t where t.company_id = c.company_id and t.contact_id = c.id and t.whatsapp_id = ?)',
    );
    params.push(q.connectionId);
  }
  if (q.beforeId !== undefined) {
    where.push('c.id < ?');
    params.push(q.beforeId);
  }
  const rows = await plainRows<ContactPageRow>(
    em,
    `select ${CONTACT_ROW_COLUMNS}
       from (select c.* from contacts c where ${where.join(' and ')} order by c.id desc limit ${q.limit}) c
       ${CONTACT_LAST_TICKET}
      order by c.id desc`,
    params,
  );
  return rows.map((r) => contactDtoOfRow(r, maskNumbers));
}
