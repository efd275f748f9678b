import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** A named list of numbers a campaign sends to. */
export const ContactList = defineEntity({
  name: 'ContactList',
  tableName: 'contact_lists',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IContactList = InferEntity<typeof ContactList>;

/**
 * One number of a list. Not a core contact: a list holds numbers nobody has talked to yet; a campaign makes the
 * contact when it sends. `isWhatsappValid` is null until a connection has checked the number (number-check.ts).
 */
export const ContactListItem = defineEntity({
  name: 'ContactListItem',
  tableName: 'contact_list_items',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    contactListId: p.integer(),
    name: p.text(),
    number: p.text(),
    email: p.text().default(''),
    isWhatsappValid: p.boolean().nullable(),
    /** When the check answered (null: still to ask); and when a check run claimed it (number-check.ts). */
    whatsappCheckedAt: p.datetime().nullable(),
    whatsappCheckClaimedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IContactListItem = InferEntity<typeof ContactListItem>;
