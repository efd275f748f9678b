import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type ClientFrame,
  clientFrameSchema,
  type GuestAuthenticator,
  type Logger,
  type RealtimeEnvelope,
  type RealtimePort,
  type RoomAuthorizer,
  type SocketIdentity,
  type TicketAudience,
} from '@balcao/sdk';
import { WebSocket, WebSocketServer } from 'ws';
import { FrameBudgets, POLICY_VIOLATION_CLOSE } from './frame-budget.js';
import type {
  AccessRefresh,
  AudienceFilter,
  Client,
  PresenceHandler,
  RemoteBus,
  SocketAuthenticator,
  Staleness,
} from './hub-types.js';
import { MAX_CLIENT_FRAME_BYTES, SESSION_ENDED_CLOSE } from './hub-types.js';
import { HEARTBEAT_WRITE_MS, PresenceHeartbeats } from './presence-heartbeats.js';

export type {
  AccessRefresh,
  AudienceFilter,
  PresenceHandler,
  RemoteBus,
  SocketAuthenticator,
  Staleness,
} from './hub-types.js';
export { MAX_CLIENT_FRAME_BYTES, SESSION_ENDED_CLOSE } from './hub-types.js';

const PING_MS = 18_000;

/**
 * The `/ws` endpoint: token-authenticated sockets, company isolation, rooms joined only with the
 * server's consent, cross-instance fan-out through a bus.
 */
export class RealtimeHub implements RealtimePort {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  private readonly byCompany = new Map<number, Set<Client>>();
  private readonly rooms = new Map<string, RoomAuthorizer>();
  private readonly guests = new Map<string, GuestAuthenticator>();
  private bus: RemoteBus | undefined;
  private audienceFilter: AudienceFilter | undefined;
  private presenceHandler: PresenceHandler | undefined;
  private pinger: NodeJS.Timeout | undefined;
  /** Each user's last presence change still running (see `presence`). */
  private readonly presenceQueue = new Map<number, Promise<void>>();
  private readonly budgets = new FrameBudgets();
  /** userStatus heartbeats, written at most once per user every HEARTBEAT_WRITE_MS. */
  private readonly heartbeats = new PresenceHeartbeats(HEARTBEAT_WRITE_MS, (who) => this.presence(who, true));
  private readonly logger: Logger;

  constructor(
    { logger }: { logger: Logger },
    private readonly hooks: {
      authenticate: SocketAuthenticator;
      onPresence?: PresenceHandler;
    },
  ) {
    this.logger = logger.child({ part: 'realtime' });
    this.presenceHandler = hooks.onPresence;
    this.defineRoom('notification', () => true);
    this.defineRoom('status', () => true);
  }

  attachBus(bus: RemoteBus): void {
    this.bus = bus;
  }

  /** The users module records who is online as their sockets open and close. */
  setPresenceHandler(handler: PresenceHandler): void {
    this.presenceHandler = handler;
  }

  /** The tickets module tells the hub who may see which ticket's events. */
  setAudienceFilter(filter: AudienceFilter): void {
    this.audienceFilter = filter;
  }

  defineRoom(kind: string, authorize: RoomAuthorizer): void {
    this.rooms.set(kind, authorize);
  }

  defineGuest(kind: string, authenticate: GuestAuthenticator): void {
    this.guests.set(kind, authenticate);
  }

  async publish(envelope: RealtimeEnvelope): Promise<void> {
    this.deliver(envelope);
    await this.bus?.publish(envelope);
  }

  /** Delivers an envelope to the authorised sockets of this instance. */
  deliver(envelope: RealtimeEnvelope): void {
    // Written once, when a first socket gets it (most envelopes reach no socket on a given instance).
    let frame: string | undefined;
    let maskedFrame: string | undefined;
    const targets = envelope.companyId === null ? this.all() : (this.byCompany.get(envelope.companyId) ?? []);
    for (const client of targets) {
      if (envelope.room ? !client.rooms.has(envelope.room) : client.guest) continue;
      if (envelope.userId !== undefined && client.who.id !== envelope.userId) continue;
      if (envelope.superOnly && !client.who.super) continue;
      if (envelope.audience && !this.mayReceive(client, envelope.audience)) continue;
      if (client.socket.readyState !== WebSocket.OPEN) continue;
      if (envelope.masked !== undefined && this.hidesNumbers(client)) {
        maskedFrame ??= JSON.stringify({ channel: envelope.channel, data: envelope.masked });
        client.socket.send(maskedFrame);
      } else {
        frame ??= JSON.stringify({ channel: envelope.channel, data: envelope.data });
        client.socket.send(frame);
      }
    }
  }

  /** Reloads the access of every socket of a company, on every instance (its users, queues or LGPD setting changed). */
  async refreshCompany(companyId: number): Promise<void> {
    await this.refreshEverywhere({ companyId });
  }

  /** Reloads the access of one user's sockets, on every instance (their queues or profile changed). */
  async refreshUser(companyId: number, userId: number): Promise<void> {
    await this.refreshEverywhere({ companyId, userId });
  }

  /** Reloads the access of the sockets on this instance that `refresh` names (the bus calls it for other instances). */
  async refreshLocal({ companyId, userId }: AccessRefresh): Promise<void> {
    const sockets = [...(this.byCompany.get(companyId) ?? [])].filter(
      (c) => !c.guest && (userId === undefined || c.who.id === userId),
    );
    await Promise.all(sockets.map((c) => this.refreshAccess(c)));
  }

  private async refreshEverywhere(refresh: AccessRefresh): Promise<void> {
    await Promise.all([this.refreshLocal(refresh), this.bus?.refreshAccess(refresh)]);
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // A connection reset during the handshake must not become an unhandled 'error' event.
    socket.on('error', () => socket.destroy());
    // The request target is the client's text: one that is not a URL is refused, never parsed with a throw.
    if (!URL.canParse(req.url ?? '/', 'http://localhost')) {
      socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const guestKind = url.searchParams.get('guest');
    const accepted = guestKind
      ? this.acceptGuest(guestKind, url.searchParams, req, socket, head)
      : this.acceptUser(url.searchParams.get('token') ?? '', req, socket, head);
    // A failure after the first await is a rejection, which no caller waits for: it closes this socket alone.
    accepted.catch((err: unknown) => {
      this.logger.warn({ err }, 'WebSocket handshake failed');
      socket.destroy();
    });
  }

  /** Closes this instance's sockets of ended login sessions (the session's owner signs in again). */
  closeSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const client of this.all()) {
      if (client.who.sessionId && ended.has(client.who.sessionId))
        client.socket.close(SESSION_ENDED_CLOSE, 'session ended');
    }
  }

  /** Closes this instance's sockets of these users (their rights changed): the client reconnects with a fresh token. */
  closeUsers(userIds: readonly number[]): void {
    const changed = new Set(userIds);
    for (const client of this.all()) {
      if (!client.guest && changed.has(client.who.id))
        client.socket.close(SESSION_ENDED_CLOSE, 'rights changed');
    }
  }

  /** Tells the other instances what they must stop believing (see Staleness). */
  async announceStale(staleness: Staleness): Promise<void> {
    await this.bus?.stale(staleness);
  }

  /** Tells the other instances that these sessions ended (each closes its sockets and refuses their tokens). */
  async announceSessionsEnded(sessionIds: readonly string[]): Promise<void> {
    await this.bus?.endSessions(sessionIds);
  }

  start(): void {
    this.pinger = setInterval(() => {
      this.budgets.prune();
      for (const client of this.all()) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }, PING_MS);
    this.pinger.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.pinger);
    this.heartbeats.stop();
    for (const client of this.all()) client.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** Number of sockets connected to this instance (health and benchmarks). */
  get size(): number {
    return [...this.all()].length;
  }

  private *all(): Iterable<Client> {
    for (const set of this.byCompany.values()) yield* set;
  }

  private async acceptUser(token: string, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const who = token ? await this.hooks.authenticate(token).catch(() => null) : null;
    if (!who) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, who));
  }

  private async acceptGuest(
    kind: string,
    query: URLSearchParams,
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ): Promise<void> {
    const grant = await Promise.resolve(this.guests.get(kind)?.(query)).catch(() => null);
    if (!grant) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const who: SocketIdentity = { id: 0, companyId: grant.companyId, profile: 'guest', super: false };
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, who, grant.room));
  }

  private accept(socket: WebSocket, who: SocketIdentity, guestRoom?: string): void {
    const client: Client = {
      guest: guestRoom !== undefined,
      socket,
      who,
      rooms: new Set([guestRoom ?? `user:${who.id}`]),
      alive: true,
      accessAt: Date.now(),
      budget: this.budgets.forSocket(),
      closing: false,
    };
    const set = this.byCompany.get(who.companyId) ?? new Set();
    set.add(client);
    this.byCompany.set(who.companyId, set);
    // A frame the protocol forbids (bad opcode, unmasked, oversize, invalid UTF-8) ends this socket alone: ws has
    // already sent the close code; without this listener the 'error' event would stop the process.
    socket.on('error', (err) => {
      this.logger.debug({ err, userId: who.id, companyId: who.companyId }, 'socket protocol error');
      socket.terminate();
    });
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (raw) => void this.receive(client, raw.toString()));
    socket.on('close', () => {
      set.delete(client);
      if (client.guest || [...set].some((c) => c.who.id === who.id)) return;
      // A heartbeat still waiting must not write 'online' after this 'offline'.
      this.heartbeats.cancel(who.id);
      void this.presence(who, false);
    });
    if (client.guest) return;
    void this.presence(who, true);
    // `ready` tells the client its access is loaded: from now on it receives every event it may see.
    void this.refreshAccess(client).then(() => this.reply(client, 'ready', {}));
  }

  /** Counts a frame against its socket's and its user's budgets; past them it is dropped, and a flood closes the socket. */
  private admit(client: Client): boolean {
    if (client.closing) return false;
    const spend = this.budgets.spend(client.budget, client.guest ? null : client.who.id);
    if (spend === 'ok') return true;
    if (spend === 'warn') this.reply(client, 'error', { error: 'ERR_TOO_MANY_ATTEMPTS' });
    if (spend === 'close') {
      client.closing = true;
      this.logger.warn(
        { userId: client.who.id, companyId: client.who.companyId },
        'socket closed: frame flood',
      );
      client.socket.close(POLICY_VIOLATION_CLOSE, 'too many frames');
      // A flooding client may never answer the close: do not hold its socket for ws's 30 s close timeout.
      setTimeout(() => client.socket.terminate(), 1000).unref();
    }
    return false;
  }

  private async receive(client: Client, raw: string): Promise<void> {
    if (!this.admit(client)) return;
    client.alive = true;
    let frame: ClientFrame;
    try {
      frame = clientFrameSchema.parse(JSON.parse(raw));
    } catch {
      return this.reply(client, 'error', { error: 'ERR_VALIDATION' });
    }
    if (client.guest && frame.type !== 'ping')
      return this.reply(client, 'error', { error: 'ERR_NO_PERMISSION' });
    switch (frame.type) {
      case 'ping':
        return this.reply(client, 'pong', {});
      case 'userStatus':
        return this.heartbeat(client);
      case 'joinNotification':
        return this.join(client, 'notification', '');
      case 'joinTickets':
        return this.join(client, 'status', frame.status);
      case 'leaveTickets':
        client.rooms.delete(`status:${frame.status}`);
        return;
      case 'joinChatBox':
        return this.join(client, 'ticket', String(frame.ticketId));
      case 'leaveChatBox':
        client.rooms.delete(`ticket:${frame.ticketId}`);
        return;
    }
  }

  /**
   * The userStatus heartbeat: reloads the socket's access (a fallback: changes are pushed by refreshUser/refreshCompany)
   * and keeps the user online, each at most every HEARTBEAT_WRITE_MS: a burst of heartbeats is one database write.
   */
  private async heartbeat(client: Client): Promise<void> {
    this.heartbeats.beat(client.who);
    const now = Date.now();
    if (now - client.accessAt < HEARTBEAT_WRITE_MS) return;
    client.accessAt = now;
    await this.refreshAccess(client);
  }

  private mayReceive(client: Client, audience: TicketAudience): boolean {
    if (!this.audienceFilter) return true;
    return client.access !== undefined && this.audienceFilter.allows(client.access, audience);
  }

  /** Until a profile-user socket's access is loaded it is treated as hiding numbers: never leak, at worst mask. */
  private hidesNumbers(client: Client): boolean {
    if (client.who.profile !== 'user') return false;
    if (!this.audienceFilter || client.access === undefined) return true;
    return this.audienceFilter.hidesNumbers(client.access);
  }

  private async refreshAccess(client: Client): Promise<void> {
    if (!this.audienceFilter || client.guest) return;
    try {
      client.access = await this.audienceFilter.load(client.who);
    } catch (err) {
      this.logger.warn({ err }, 'could not load ticket access');
    }
  }

  private async join(client: Client, kind: string, id: string): Promise<void> {
    const room = id ? `${kind}:${id}` : kind;
    const authorize = this.rooms.get(kind);
    const allowed = authorize ? await Promise.resolve(authorize(client.who, id)).catch(() => false) : false;
    if (!allowed) return this.reply(client, 'error', { error: 'ERR_NO_PERMISSION', room });
    client.rooms.add(room);
    this.reply(client, 'joined', { room });
  }

  private reply(client: Client, channel: string, data: unknown): void {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify({ channel, data }));
  }

  /**
   * One user's presence changes apply in the order their sockets opened and closed: a slow 'online' of a socket that
   * opened must not land after the 'offline' of its close and leave the user online.
   */
  private presence(who: SocketIdentity, online: boolean): Promise<void> {
    const before = this.presenceQueue.get(who.id) ?? Promise.resolve();
    const next = before
      .then(() => this.presenceHandler?.(who, online))
      .catch((err: unknown) => this.logger.warn({ err }, 'presence update failed'));
    this.presenceQueue.set(who.id, next);
    void next.then(() => {
      if (this.presenceQueue.get(who.id) === next) this.presenceQueue.delete(who.id);
    });
    return next;
  }
}
