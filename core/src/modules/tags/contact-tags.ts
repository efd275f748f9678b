import type { TagDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type LinkTable, replaceLinks } from '../../db/sql-helpers.js';

// contact_tags has no company column: every statement reaches the company through tags.company_id.

/**
 * The tags of each given contact, in one query.
 * @example const tagsOf = await loadContactTags(em, companyId, contacts.map((c) => c.id))
 */
export async function loadContactTags(
  em: EntityManager,
  companyId: number,
  contactIds: number[],
): Promise<Map<number, TagDto[]>> {
  const byContact = new Map<number, TagDto[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return byContact;
  const rows = await em.execute<(TagDto & { contact_id: number })[]>(
    `select ct.contact_id, t.id, t.name, t.color, t.kanban
       from contact_tags ct join tags t on t.id = ct.tag_id
      where t.company_id = ? and ct.contact_id in (?)
      order by t.name, t.id`,
    [companyId, contactIds],
  );
  for (const { contact_id, ...tag } of rows) byContact.get(contact_id)?.push(tag);
  return byContact;
}

const CONTACT_TAGS: LinkTable = {
  table: 'contact_tags',
  ownerColumn: 'contact_id',
  targetColumn: 'tag_id',
  targetTable: 'tags',
};

/** Makes the contact's tags exactly `tagIds` (checked with `allOwned` by the caller). */
export const replaceContactTags = (
  em: EntityManager,
  companyId: number,
  contactId: number,
  tagIds: number[],
) => replaceLinks(em, CONTACT_TAGS, companyId, contactId, tagIds);
