import type { TransitionKind } from './ticket-transitions.js';

/** The times the dashboard measures an attendance by (docs/dashboard.md). */
export interface TrackingTimes {
  queuedAt: Date;
  startedAt?: Date | null;
  finishedAt?: Date | null;
}

/**
 * How a transition moves a ticket's tracking times (docs/dashboard.md):
 * - taking it (accept, or a transfer to a user) starts the attendance once: `startedAt` keeps the first take;
 * - close and ignore finish it;
 * - reopen starts a new attendance: waiting and taken now, not finished;
 * - returns, queue transfers and edits leave the times alone (the wait is from the first queueing to the first take).
 * @example trackTransition({ queuedAt }, 'accept', now) // { queuedAt, startedAt: now }
 */
export function trackTransition<T extends TrackingTimes>(
  t: T,
  kind: TransitionKind | 'botHandoffToQueue',
  now: Date,
): TrackingTimes {
  const times: TrackingTimes = {
    queuedAt: t.queuedAt,
    startedAt: t.startedAt ?? null,
    finishedAt: t.finishedAt ?? null,
  };
  switch (kind) {
    case 'accept':
    case 'transferToUser':
      times.startedAt ??= now;
      return times;
    case 'close':
    case 'ignore':
      times.finishedAt = now;
      return times;
    case 'reopen':
      return { queuedAt: now, startedAt: now, finishedAt: null };
    case 'botHandoffToQueue':
      // The bot's conversation is not waiting: the wait for a person starts when the bot hands the ticket over.
      if (!times.startedAt) times.queuedAt = now;
      return times;
    default:
      return times;
  }
}

/** Applies {@link trackTransition} to a ticket entity. @example applyTracking(ticket, 'close') */
export function applyTracking(
  ticket: TrackingTimes,
  kind: TransitionKind | 'botHandoffToQueue',
  now = new Date(),
): void {
  Object.assign(ticket, trackTransition(ticket, kind, now));
}
