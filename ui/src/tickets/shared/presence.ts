import { type ContactPresence, companyChannel } from '@balcao/sdk';
import { useSyncExternalStore } from 'react';
import { isRecord } from '../../api/api-error';
import { useSocketChannel } from '../../realtime/socket';

/** What a row or header shows: the contact typing or recording; 'available' shows nothing. */
export type ShownPresence = Exclude<ContactPresence, 'available'>;

/** A presence nobody refreshed ends by itself (a channel may never say 'available', e.g. a closed browser tab). */
export const PRESENCE_TTL_MS = 10_000;

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Which contacts are typing or recording, by ticket (spec part 1 §3 Ticket presence). Live only: fed by the
 * `presence` ticket events; a presence ends on 'available', on the contact's next message, or after PRESENCE_TTL_MS.
 */
export class PresenceBoard {
  private readonly shown = new Map<number, { presence: ShownPresence; timer: unknown }>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly ttlMs = PRESENCE_TTL_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  heard(ticketId: number, presence: ContactPresence): void {
    this.end(ticketId, false);
    if (presence !== 'available')
      this.shown.set(ticketId, { presence, timer: this.timers.set(() => this.end(ticketId), this.ttlMs) });
    this.changed();
  }

  /** The contact's message arrived: whatever they were doing is done. */
  messageFrom(ticketId: number): void {
    this.end(ticketId);
  }

  get(ticketId: number): ShownPresence | null {
    return this.shown.get(ticketId)?.presence ?? null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private end(ticketId: number, notify = true): void {
    const entry = this.shown.get(ticketId);
    if (!entry) return;
    this.timers.clear(entry.timer);
    this.shown.delete(ticketId);
    if (notify) this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

export const presenceBoard = new PresenceBoard();

/** A `presence` frame of `company-{id}-ticket`, or null. */
export function parsePresenceEvent(data: unknown): { ticketId: number; presence: ContactPresence } | null {
  if (!isRecord(data) || data.action !== 'presence' || typeof data.ticketId !== 'number') return null;
  const { presence } = data;
  return presence === 'composing' || presence === 'recording' || presence === 'available'
    ? { ticketId: data.ticketId, presence }
    : null;
}

/** Keeps the board fed while the ticket screen is open (mounted once, by the screen). */
export function usePresenceFeed(companyId: number): void {
  useSocketChannel(companyChannel(companyId, 'ticket'), (data) => {
    const event = parsePresenceEvent(data);
    if (event) presenceBoard.heard(event.ticketId, event.presence);
  });
  useSocketChannel(companyChannel(companyId, 'appMessage'), (data) => {
    if (!isRecord(data) || data.action !== 'create' || !isRecord(data.message)) return;
    const { ticketId, fromMe } = data.message;
    if (typeof ticketId === 'number' && fromMe === false) presenceBoard.messageFrom(ticketId);
  });
}

/** The contact's presence on this ticket, live. */
export function useTicketPresence(ticketId: number): ShownPresence | null {
  return useSyncExternalStore(
    (listener) => presenceBoard.subscribe(listener),
    () => presenceBoard.get(ticketId),
  );
}
