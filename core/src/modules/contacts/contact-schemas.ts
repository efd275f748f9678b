import { channelKindField, contactSchema } from '@balcao/sdk';
import type { z } from 'zod';

/** Contacts a page of the contacts screen lists. */
export const CONTACTS_PAGE_SIZE = 20;

/** `POST /contacts`: the form's fields, plus the channel (whatsapp unless said). */
export const contactCreateSchema = contactSchema.extend({ channel: channelKindField.default('whatsapp') });
/**
 * `PUT /contacts/{id}`: extraInfo, when sent, replaces the contact's list as a whole; a number left out stays (the
 * form of a viewer who sees it masked leaves it out).
 */
export const contactUpdateSchema = contactSchema.extend({
  number: contactSchema.shape.number.optional(),
  extraInfo: contactSchema.shape.extraInfo.unwrap().optional(),
});
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;
export type ContactCreateInput = z.infer<typeof contactCreateSchema>;
