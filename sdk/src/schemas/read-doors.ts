import { z } from 'zod';
import { CHANNELS } from './attendance.js';
import { hasNul, idField } from './common.js';

/** How many rows a read door answers when not told (`limit`), and at most. */
export const READ_PAGE_DEFAULT = 50;
export const READ_PAGE_MAX = 200;

const limitField = z.coerce
  .number()
  .int('Invalid number')
  .min(1, 'Invalid number')
  .max(READ_PAGE_MAX, 'Too Long!')
  .default(READ_PAGE_DEFAULT);

/**
 * `MessagesPort.list`: a ticket's messages, newest first, `beforeId` the last id of the previous page.
 * @example messageListSchema.parse({ ticketId: 9, beforeId: 120, limit: 50 })
 */
export const messageListSchema = z.object({
  ticketId: idField,
  beforeId: idField.optional(),
  limit: limitField,
});
export type MessageListQuery = z.input<typeof messageListSchema>;

/**
 * `ContactsPort.list`: the company's contacts, newest id first; every filter given narrows (AND).
 * @example contactListSchema.parse({ tagIds: [3, 4], channel: 'whatsapp', limit: 200 })
 */
export const contactListSchema = z.object({
  tagIds: z.array(idField).max(100, 'Too Long!').optional(),
  channel: z.enum(CHANNELS).optional(),
  connectionId: idField.optional(),
  search: z
    .string()
    .trim()
    .max(100, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character')
    .optional(),
  beforeId: idField.optional(),
  limit: limitField,
});
export type ContactListQuery = z.input<typeof contactListSchema>;

/** `TicketsPort.setTags`: the ticket's own tags, all of them. @example ticketTagIdsSchema.parse([3, 7]) */
export const ticketTagIdsSchema = z.array(idField).max(100, 'Too Long!');
