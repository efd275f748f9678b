import type { RealtimeEnvelope, SocketIdentity, TicketAudience } from '@balcao/sdk';
import type { WebSocket } from 'ws';
import type { TokenBucket } from './frame-budget.js';

// The realtime hub's shapes: what it keeps per socket and what it is handed (authenticator, audience filter, bus).

/** Checks the access token of an upgrade request (and that its session lives); null means refuse. */
export type SocketAuthenticator = (token: string) => Promise<SocketIdentity | null>;

/**
 * The close code a socket gets when its login session ends (logout, takeover, reuse of a rotated refresh token) or
 * its user's rights change: the client refreshes its token before reconnecting (refused if the session ended).
 */
export const SESSION_ENDED_CLOSE = 4401;

export interface Client {
  /** A guest (web chat visitor) hears only its own room and may send nothing but pings. */
  guest: boolean;
  socket: WebSocket;
  who: SocketIdentity;
  rooms: Set<string>;
  alive: boolean;
  /** Loaded at connect and on a userStatus heartbeat (at most every HEARTBEAT_WRITE_MS); until then ticket events are withheld. */
  access?: unknown;
  accessAt: number;
  /** This socket's frames (a user's sockets also share one budget: `budgets`). */
  budget: TokenBucket;
  /** Closed for flooding: what it still sends is ignored. */
  closing: boolean;
}

/** Per-socket ticket visibility: loaded once per socket, checked for every envelope that names an audience. */
export interface AudienceFilter {
  load(who: SocketIdentity): Promise<unknown>;
  allows(access: unknown, audience: TicketAudience): boolean;
  /** True when this socket gets an envelope's `masked` payload rather than its `data`. */
  hidesNumbers(access: unknown): boolean;
}

/** Whose sockets load their access again: every socket of a company, or one user's (`userId`). */
export interface AccessRefresh {
  companyId: number;
  userId?: number;
}

/** What other instances must stop believing: these users' rights (sessions re-read, sockets reconnect), or plans. */
export interface Staleness {
  userIds?: readonly number[];
  plans?: boolean;
}

/** Carries envelopes and access refreshes to the other instances; the hub handles them locally itself. */
export interface RemoteBus {
  publish(envelope: RealtimeEnvelope): Promise<void>;
  refreshAccess(refresh: AccessRefresh): Promise<void>;
  endSessions(sessionIds: readonly string[]): Promise<void>;
  stale(staleness: Staleness): Promise<void>;
}

/** Clients send small JSON frames (joins, pings); anything larger is refused by ws with close code 1009. */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024;

/** What happens when a user's first socket opens (`online`) or last one closes. */
export type PresenceHandler = (who: SocketIdentity, online: boolean) => Promise<void>;
