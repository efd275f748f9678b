import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

export const Contact = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(100),
    number: p.string().length(100),
    email: p.string().length(255).nullable(),
    channel: p.string().length(20).default('whatsapp'),
    isGroup: p.boolean().default(false),
    urlPicture: p.text().nullable(),
    /** false when blocked. */
    active: p.boolean().default(true),
    disableBot: p.boolean().default(false),
    acceptAudioMessage: p.boolean().default(true),
    lgpdAcceptedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IContact = InferEntity<typeof Contact>;

/** One extra-info field of a contact (name and value). */
export const ContactCustomField = defineEntity({
  name: 'ContactCustomField',
  tableName: 'contact_custom_fields',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    contactId: p.integer(),
    name: p.string().length(100),
    value: p.text().default(''),
  }),
});
export type IContactCustomField = InferEntity<typeof ContactCustomField>;
