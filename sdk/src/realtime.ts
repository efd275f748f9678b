import { z } from 'zod';
import { idField } from './schemas/common.js';

/**
 * Name of a company-scoped socket channel, as the spec spells them.
 * @example companyChannel(1, 'ticket') === 'company-1-ticket'
 */
export const companyChannel = (companyId: number, topic: string): string => `company-${companyId}-${topic}`;

/**
 * Channel of the companies list, for super users only (`{ action: 'update', company }` or `{ action: 'delete',
 * companyId }`). @example socket frames with channel === COMPANIES_CHANNEL
 */
export const COMPANIES_CHANNEL = 'platform-company';

/** Channel for platform-wide announcements. @example socket frames with channel === ANNOUNCEMENT_CHANNEL */
export const ANNOUNCEMENT_CHANNEL = 'company-announcement';

/** Ticket statuses a client can follow with `joinTickets`. @example TICKET_ROOMS.includes('pending') */
export const TICKET_STATUS_ROOMS = ['pending', 'open', 'closed', 'group'] as const;

/** A frame the server sends: `{ channel, data }`. @example { channel: 'company-1-auth', data: { action: 'update', user: { id: 1 } } } */
export interface ServerFrame<T = unknown> {
  channel: string;
  data: T;
}

/** Frames a client may send over `/ws`; every join is authorised by the server. @example { type: 'joinChatBox', ticketId: 42 } */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('joinChatBox'), ticketId: idField }),
  z.object({ type: z.literal('leaveChatBox'), ticketId: idField }),
  z.object({ type: z.literal('joinNotification') }),
  z.object({ type: z.literal('joinTickets'), status: z.enum(TICKET_STATUS_ROOMS) }),
  z.object({ type: z.literal('leaveTickets'), status: z.enum(TICKET_STATUS_ROOMS) }),
  z.object({ type: z.literal('userStatus') }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/**
 * Payload of `company-{id}-plan`: the company's plan (or which plan it is on) changed; the UI reads the session and
 * `GET /api/plugins` again. @example { action: 'update', planId: 2 }
 */
export interface PlanChangedEvent {
  action: 'update';
  planId: number;
}

/** Payload of `company-{id}-auth` when the same account logs in elsewhere. @example { action: 'update', user: { id: 3 }, sessionId: 'a1' } */
export interface AuthEvent {
  action: 'update';
  user: { id: number };
  /** The new session; the client that owns it ignores the event. */
  sessionId: string;
}

/** Who may receive a ticket's events: the ticket's owner, queue and kind (spec part 1 §6 visibility). */
export interface TicketAudience {
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/**
 * A message to publish. Without `room` it reaches every authorised socket of the company
 * (or of every company when `companyId` is null); with `room` only sockets that joined it.
 * @example { companyId: 1, room: 'ticket:42', channel: 'company-1-appMessage', data: { action: 'create' } }
 */
export interface RealtimeEnvelope {
  companyId: number | null;
  channel: string;
  data: unknown;
  room?: string;
  /** Deliver only to this user's sockets. */
  userId?: number;
  /** Deliver only to super users' sockets (platform data: the companies list). */
  superOnly?: boolean;
  /** Deliver only to sockets whose user may see this ticket. */
  audience?: TicketAudience;
  /**
   * What sockets that must not see phone numbers (profile user while the company's lgpdHideNumber is enabled, spec
   * part 1 §6) receive instead of `data`. Omit it when `data` carries no number.
   */
  masked?: unknown;
}

/** Who a socket belongs to, as room authorisers see it. @example { id: 3, companyId: 1, profile: 'user', super: false } */
export interface SocketIdentity {
  id: number;
  companyId: number;
  profile: string;
  super: boolean;
  /** The login session the socket was opened with: ending the session closes the socket. */
  sessionId?: string;
}

/** Decides whether a socket may join `room` `id` (e.g. a ticket it may see). @example (who, id) => tickets.canSee(who, id) */
export type RoomAuthorizer = (who: SocketIdentity, id: string) => Promise<boolean> | boolean;

/** Decides whether a guest socket may open and which single room it listens to. */
export type GuestAuthenticator = (
  query: URLSearchParams,
) => Promise<{ companyId: number; room: string } | null>;
