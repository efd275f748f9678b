import type { EntityManager } from '@mikro-orm/postgresql';
import { loadContactTags } from '../tags/contact-tags.js';
import { ContactCustomField } from './contact.entity.js';
import type { ContactExtras } from './contact-presenter.js';

/** Each contact's extra info, tags and last ticket, loaded for all of `ids` in one query each. */
export async function contactExtras(
  em: EntityManager,
  companyId: number,
  ids: number[],
): Promise<Map<number, ContactExtras>> {
  const [tags, fields, last] = await Promise.all([
    loadContactTags(em, companyId, ids),
    ids.length ? em.find(ContactCustomField, { contactId: { $in: ids } }, { orderBy: { id: 'asc' } }) : [],
    lastTickets(em, companyId, ids),
  ]);
  const byId = new Map<number, ContactExtras>(
    ids.map((id) => [id, { tags: tags.get(id), extraInfo: [], ...last.get(id) }]),
  );
  for (const f of fields) byId.get(f.contactId)?.extraInfo?.push({ id: f.id, name: f.name, value: f.value });
  return byId;
}

/**
 * The last message and `updatedAt` of each contact's most recently updated ticket (the list's "last message"
 * column, spec part 1 §3 Contact `tickets (updatedAt)`).
 */
async function lastTickets(
  em: EntityManager,
  companyId: number,
  ids: number[],
): Promise<Map<number, ContactExtras>> {
  if (!ids.length) return new Map();
  const rows = await em
    .getConnection()
    .execute<{ contact_id: number; last_message: string | null; updated_at: string | Date }[]>(
      `select distinct on (contact_id) contact_id, last_message, updated_at from tickets
      where company_id = ? and contact_id in (${ids.map(() => '?').join(',')})
      order by contact_id, updated_at desc`,
      [companyId, ...ids],
    );
  return new Map(
    rows.map((r) => [
      r.contact_id,
      { lastMessage: r.last_message, lastTicketUpdatedAt: new Date(r.updated_at).toISOString() },
    ]),
  );
}
