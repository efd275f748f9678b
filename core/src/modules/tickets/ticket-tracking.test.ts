import { describe, expect, it } from 'vitest';
import { trackTransition } from './ticket-tracking.js';

const queuedAt = new Date('2026-11-02T12:00:00Z');
const startedAt = new Date('2026-11-02T12:05:00Z');
const now = new Date('2026-11-02T13:00:00Z');

describe('tracking times of a transition', () => {
  it('an accept starts the attendance; a later transfer to another user keeps the first take', () => {
    const accepted = trackTransition({ queuedAt }, 'accept', startedAt);
    expect(accepted).toEqual({ queuedAt, startedAt, finishedAt: null });
    expect(trackTransition(accepted, 'transferToUser', now).startedAt).toBe(startedAt);
  });

  it('close and ignore finish it; an ignored ticket was never started', () => {
    expect(trackTransition({ queuedAt, startedAt }, 'close', now)).toEqual({
      queuedAt,
      startedAt,
      finishedAt: now,
    });
    expect(trackTransition({ queuedAt }, 'ignore', now)).toEqual({
      queuedAt,
      startedAt: null,
      finishedAt: now,
    });
  });

  it('a reopen starts a new attendance, waiting and taken now', () => {
    expect(trackTransition({ queuedAt, startedAt, finishedAt: startedAt }, 'reopen', now)).toEqual({
      queuedAt: now,
      startedAt: now,
      finishedAt: null,
    });
  });

  it('returns, queue transfers and edits leave the times alone', () => {
    for (const kind of ['returnToQueue', 'transferToQueue', 'edit'] as const) {
      expect(trackTransition({ queuedAt, startedAt }, kind, now)).toEqual({
        queuedAt,
        startedAt,
        finishedAt: null,
      });
    }
  });

  it("a bot's hand-off to a queue starts the wait for a person, unless someone took the ticket already", () => {
    expect(trackTransition({ queuedAt }, 'botHandoffToQueue', now).queuedAt).toBe(now);
    expect(trackTransition({ queuedAt, startedAt }, 'botHandoffToQueue', now).queuedAt).toBe(queuedAt);
  });
});
