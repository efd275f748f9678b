import { z } from 'zod';
import type { ConnectionDto, ContactDto, MessageDto, TagDto, TicketDto } from './dto-attendance.js';

// The frames Balcão pushes on the company's realtime channels (`company-{id}-ticket`, `-appMessage`, `-contact`,
// `-tag`, `-whatsapp`), as zod schemas shared by the server that publishes them and the UI that reads them: a frame
// the UI does not recognise is dropped, never cast. The DTOs inside are checked for the fields the UI keys on (their
// full shape is the DTO types', kept by the server's presenters).

const id = z.number().int().positive();

/** A DTO checked for the fields that identify it, typed as the DTO. */
const dto = <T>(shape: z.ZodRawShape) => {
  const check = z.looseObject(shape);
  return z.custom<T>((v) => check.safeParse(v).success);
};

const ticket = dto<TicketDto>({ id, uuid: z.string(), status: z.string(), contactId: id });
const message = dto<MessageDto>({ id, ticketId: id, fromMe: z.boolean() });
const contact = dto<ContactDto>({ id, name: z.string(), number: z.string() });
const tag = dto<TagDto>({ id, name: z.string() });
const connection = dto<ConnectionDto>({ id, name: z.string(), isDefault: z.boolean() });

/** `company-{id}-ticket`. @example TICKET_FRAME.safeParse(data) */
export const TICKET_FRAME = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), ticket }),
  z.object({ action: z.literal('delete'), ticketId: id }),
  z.object({ action: z.literal('updateUnread'), ticketId: id }),
]);
export type TicketFrame = z.infer<typeof TICKET_FRAME>;

/**
 * `company-{id}-appMessage`: `create` carries the message's ticket (the bell and the lists need it); `delete` shows it
 * deleted (it stays, flagged); `remove` takes it out of the view (event `message.removed`: it was the echo of
 * `keptId`); `reload`: the ticket's messages changed anywhere in its history (event `ticket.messages.changed`), an open
 * conversation of it reads them again.
 */
export const MESSAGE_FRAME = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), message, ticket }),
  z.object({ action: z.literal('update'), message }),
  z.object({ action: z.literal('delete'), message }),
  z.object({ action: z.literal('remove'), messageId: id, ticketId: id, keptId: id }),
  z.object({ action: z.literal('reload'), ticketId: id }),
]);
export type MessageFrame = z.infer<typeof MESSAGE_FRAME>;

/**
 * `company-{id}-contact`; `reload` after an import (too many to send one by one); `merged` after two contacts became
 * one (event `contact.merged`, after the `delete` of the one that went and the `update` of the one left): a screen
 * showing either reads its messages again, some having moved.
 */
export const CONTACT_FRAME = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), contact }),
  z.object({ action: z.literal('delete'), contactId: id }),
  z.object({ action: z.literal('reload') }),
  z.object({ action: z.literal('merged'), contactId: id, mergedContactId: id }),
]);
export type ContactFrame = z.infer<typeof CONTACT_FRAME>;

/** `company-{id}-tag`. */
export const TAG_FRAME = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), tag }),
  z.object({ action: z.literal('update'), tag }),
  z.object({ action: z.literal('delete'), tagId: id }),
]);
export type TagFrame = z.infer<typeof TAG_FRAME>;

/** `company-{id}-whatsapp`: a connection changed or went away (events carry no token). */
export const CONNECTION_FRAME = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), whatsapp: connection }),
  z.object({ action: z.literal('delete'), whatsappId: id }),
]);
export type ConnectionFrame = z.infer<typeof CONNECTION_FRAME>;

/**
 * `company-{id}-whatsappSession`: a session's status changed; the connection as events show it, with its `qrcode`
 * (while one waits to be scanned) and `retries`.
 */
export const SESSION_FRAME = z.object({
  action: z.literal('update'),
  session: dto<ConnectionDto>({
    id,
    status: z.string(),
    qrcode: z.string().nullable(),
    retries: z.number().int().nonnegative(),
  }),
});
export type SessionFrame = z.infer<typeof SESSION_FRAME>;

/**
 * `company-{id}-importMessages`: a connection's history import (spec part 1 "Import progress event"). `update`
 * carries `this` messages processed of `all` (-1 while preparing); `refresh` says it ended (the screen reloads).
 * @example IMPORT_MESSAGES_FRAME.parse({ action: 'update', status: { this: -1, all: 0 }, whatsappId: 3 })
 */
export const IMPORT_MESSAGES_FRAME = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('update'),
    status: z.object({ this: z.number().int().min(-1), all: z.number().int().min(0) }),
    whatsappId: id,
  }),
  z.object({ action: z.literal('refresh'), whatsappId: id }),
]);
export type ImportMessagesFrame = z.infer<typeof IMPORT_MESSAGES_FRAME>;

/** The frame if it is one of `schema`'s, else null. @example const f = readFrame(TICKET_FRAME, data) */
export function readFrame<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
