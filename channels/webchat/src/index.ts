import { createHash } from 'node:crypto';
import { defineChannel } from '@balcao/sdk';
import { z } from 'zod';

/** The guest kind visitors open `/ws?guest=webchat&token=…&visitorId=…` with. */
export const WEBCHAT_GUEST = 'webchat';

/** The socket frame channel a visitor's page listens to. */
export const VISITOR_CHANNEL = 'webchat';

/** The one room a visitor's socket hears: their conversation on that connection. */
export const visitorRoom = (connectionId: number, visitorId: string): string =>
  `webchat:${connectionId}:${visitorId}`;

/**
 * A visitor id the page generates once and keeps (random, URL-safe): the visitor's secret — whoever holds it reads and
 * writes that conversation. It is never stored or shown: the contact is known by {@link visitorContactId}.
 */
export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid visitor');

/**
 * The contact id (the contact's `number`, the socket room) of a visitor: a one-way hash of their secret id, so what
 * attendants see cannot be used to read or post as the visitor.
 * @example visitorContactId('3f9c…') // 'qA0x…' (22 characters)
 */
export const visitorContactId = (visitorId: string): string =>
  createHash('sha256').update(visitorId).digest('base64url').slice(0, 22);

/** `POST /api/webchat/{token}/messages`. */
export const visitorMessageSchema = z.object({
  visitorId: visitorIdSchema,
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(50, 'Too Long!'),
  body: z
    .string({ error: 'Required' })
    .max(4000, 'Too Long!')
    .refine((b) => b.trim().length > 0, 'Required'),
  /** Required: a retried post (the first answer lost) is stored once. */
  clientMessageId: z.string({ error: 'Required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid id'),
});
export type VisitorMessage = z.infer<typeof visitorMessageSchema>;

/** `POST /api/webchat/{token}/presence`: the visitor is typing ('composing') or stopped ('available'). */
export const visitorPresenceSchema = z.object({
  visitorId: visitorIdSchema,
  presence: z.enum(['composing', 'available']),
});

/** An attendant's reply as the visitor's page receives it, or one the attendant deleted. */
export type VisitorFrame =
  | {
      action: 'message';
      message: {
        id: number;
        body: string;
        fromMe: true;
        createdAt: string;
        mediaType: string;
        mediaUrl: string | null;
      };
    }
  | { action: 'delete'; messageId: number };

/** Delivering to a visitor is publishing to their room; it is delivered as soon as a page of theirs is open. */
export const webchatChannel = defineChannel({
  kind: 'webchat',
  // A visitor is known by an opaque id and reached only on the connection they wrote in on (their page's room); the
  // connection needs no remote session, has no groups, and is shown on the company's websites.
  traits: {
    contactAddress: 'visitor',
    reaches: 'own-contacts',
    replyWindowHours: null,
    needsSession: false,
    groups: false,
    embeddable: true,
  },
  async send(message, { connection, realtime }) {
    const frame: VisitorFrame = {
      action: 'message',
      message: {
        id: message.messageId,
        body: message.body,
        fromMe: true,
        createdAt: message.createdAt,
        // The page loads media from Balcão's origin, which also serves the page: the relative URL is enough.
        mediaType: message.mediaType ?? 'chat',
        mediaUrl: message.mediaUrl ?? null,
      },
    };
    await realtime.publish({
      companyId: connection.companyId,
      room: visitorRoom(connection.id, message.to),
      channel: VISITOR_CHANNEL,
      data: frame,
    });
    return { ack: 2 };
  },
  // The open pages drop the message; the history never lists deleted messages.
  async retract(message, { connection, realtime }) {
    const frame: VisitorFrame = { action: 'delete', messageId: message.messageId };
    await realtime.publish({
      companyId: connection.companyId,
      room: visitorRoom(connection.id, message.to),
      channel: VISITOR_CHANNEL,
      data: frame,
    });
  },
});
