import type { ClientFrame, ServerFrame } from '@balcao/sdk';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { isRecord } from '../api/api-error';
import { refreshToken } from '../api/http';
import { readToken } from '../api/token-storage';

/** Spec part 1 §9: socket ping every 18000 ms, status heartbeat every 300000 ms. */
export const PING_INTERVAL_MS = 18_000;
export const USER_STATUS_INTERVAL_MS = 300_000;
const MAX_BACKOFF_MS = 30_000;
/** Close codes meaning "your token is no longer accepted": refresh it before reconnecting. */
const AUTH_CLOSE_CODES = new Set([4401, 1008]);

type Handler = (data: unknown) => void;
type Joinable = Extract<ClientFrame, { type: 'joinChatBox' | 'joinNotification' | 'joinTickets' }>;

/** The part of the browser WebSocket this client uses (a fake can stand in for tests). */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface RealtimeOptions {
  /** The URL to open now, or null when there is no token. Read at every (re)connect, so it sees refreshed tokens. */
  url(): string | null;
  createSocket?(url: string): SocketLike;
  /** Called when the server refused the token; resolve once a fresh token is stored. */
  onAuthRejected?(): Promise<void>;
}

const OPEN = 1;

/** Exponential backoff with a ceiling: 1 s, 2 s, 4 s… 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt));
}

/** `ws(s)://<host>/ws?token=…` on the page's own host. */
export function socketUrl(token: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`;
}

/** A server frame `{ channel, data }`, or null for anything else. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null;
  try {
    const frame: unknown = JSON.parse(raw);
    return isRecord(frame) && typeof frame.channel === 'string'
      ? { channel: frame.channel, data: frame.data }
      : null;
  } catch {
    return null;
  }
}

/** `ready`: the server has loaded this socket's access, so every event it may see arrives. */
export type RealtimeStatus = 'offline' | 'connecting' | 'ready';

/** One WebSocket per tab: reconnects with backoff, replays joins, sends ping and userStatus heartbeats. */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private currentStatus: RealtimeStatus = 'offline';
  private readonly statusListeners = new Set<() => void>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly joins = new Map<string, Joinable>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private active = false;
  private opened = false;
  private resyncCount = 0;

  constructor(private readonly options: RealtimeOptions) {}

  start(): void {
    if (this.active) return;
    this.active = true;
    this.connect();
  }

  stop(): void {
    this.active = false;
    this.joins.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.teardown();
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /**
   * How many times the client has become ready, the first connect included; it never goes back. The events sent
   * before a socket is ready never arrive (down, or on its way: the server withholds them until it has loaded the
   * socket's access), so data loaded before the count last changed is read again when it changes (useRealtimeResyncs).
   * Data loaded while ready is read again only after the next drop; a load started before the first `ready` (a page's
   * first paint, which does not wait for the socket) is read again once it comes.
   */
  get resyncs(): number {
    return this.resyncCount;
  }

  /** Calls `listener` on every status change (and resync); answers the unsubscribe. */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(next: RealtimeStatus): void {
    if (next === this.currentStatus) return;
    this.currentStatus = next;
    for (const listener of this.statusListeners) listener();
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Sends a frame now; false when the socket is not open. */
  send(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Joins a room now and again after every reconnect. */
  join(frame: Joinable): void {
    this.joins.set(JSON.stringify(frame), frame);
    this.send(frame);
  }

  leave(frame: Joinable): void {
    this.joins.delete(JSON.stringify(frame));
    if (frame.type === 'joinChatBox') this.send({ type: 'leaveChatBox', ticketId: frame.ticketId });
    if (frame.type === 'joinTickets') this.send({ type: 'leaveTickets', status: frame.status });
  }

  subscribe(channel: string, handler: Handler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
    };
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (!this.active) return;
    const url = this.options.url();
    if (!url) return;
    const create = this.options.createSocket ?? ((u: string) => new WebSocket(u));
    const socket = create(url);
    this.socket = socket;
    this.opened = false;
    this.setStatus('connecting');
    socket.onopen = () => this.handleOpen();
    socket.onmessage = (ev) => this.dispatch(ev.data);
    socket.onerror = () => socket.close();
    socket.onclose = (ev) => this.handleClose(socket, ev.code);
  }

  private handleOpen(): void {
    this.opened = true;
    this.attempt = 0;
    for (const frame of this.joins.values()) this.send(frame);
    this.send({ type: 'userStatus' });
    this.timers = [
      setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS),
      setInterval(() => this.send({ type: 'userStatus' }), USER_STATUS_INTERVAL_MS),
    ];
  }

  private handleClose(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return;
    this.teardown();
    if (!this.active) return;
    const delay = backoffDelay(this.attempt++);
    const reconnect = () => {
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    };
    // The server refuses a stale token at the handshake (HTTP 401), which browsers report as a close before open.
    const rejected = AUTH_CLOSE_CODES.has(code) || !this.opened;
    if (rejected && this.options.onAuthRejected) {
      this.options.onAuthRejected().then(reconnect, reconnect);
    } else {
      reconnect();
    }
  }

  private teardown(): void {
    this.setStatus('offline');
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onopen = null;
      socket.close();
    }
  }

  private handleReady(): void {
    if (this.currentStatus === 'ready') return;
    this.resyncCount++;
    this.setStatus('ready');
  }

  private dispatch(raw: unknown): void {
    const frame = parseServerFrame(raw);
    if (!frame) return;
    if (frame.channel === 'ready') this.handleReady();
    for (const handler of this.handlers.get(frame.channel) ?? []) handler(frame.data);
  }
}

/** The tab's realtime client; the session bridge starts and stops it. */
export const realtime = new RealtimeClient({
  url: () => {
    const token = readToken();
    return token ? socketUrl(token, window.location) : null;
  },
  onAuthRejected: async () => {
    await refreshToken();
  },
});

/** The tab's realtime status, re-rendering on change. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtime.onStatus(listener),
    () => realtime.status,
  );
}

/**
 * The tab's resync count: add it to the dependencies of an effect that loads data kept live by socket events, so the
 * data is read again once the socket is ready whenever it was loaded before (first connect or reconnect); data loaded
 * while ready is not read twice.
 * @example const resyncs = useRealtimeResyncs(); useEffect(() => load(ticketId), [ticketId, resyncs]);
 */
export function useRealtimeResyncs(): number {
  return useSyncExternalStore(
    (listener) => realtime.onStatus(listener),
    () => realtime.resyncs,
  );
}

/**
 * Calls `reload` each time the resync count moves after mount (see useRealtimeResyncs): for views whose first load
 * has its own effect. @example useReloadOnResync(() => load(1), enabled)
 */
export function useReloadOnResync(reload: () => void, enabled = true): void {
  const resyncs = useRealtimeResyncs();
  const seen = useRef(resyncs);
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (seen.current === resyncs) return;
    seen.current = resyncs;
    if (enabled) latest.current();
  }, [resyncs, enabled]);
}

/** Calls `handler` with the `data` of every frame on `channel` (null: listen to nothing). */
export function useSocketChannel(channel: string | null, handler: (data: unknown) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!channel) return;
    return realtime.subscribe(channel, (data) => latest.current(data));
  }, [channel]);
}
