import { afterEach, describe, expect, it, vi } from 'vitest';
import { PresenceBoard, parsePresenceEvent } from './presence';

describe('PresenceBoard', () => {
  afterEach(() => vi.useRealTimers());
  const board = () => {
    vi.useFakeTimers();
    const b = new PresenceBoard(10_000);
    const changes = vi.fn();
    b.subscribe(changes);
    return { b, changes };
  };

  it('shows typing until the contact stops, writes, or nobody refreshes it for the TTL', () => {
    const { b, changes } = board();
    b.heard(7, 'composing');
    expect(b.get(7)).toBe('composing');
    b.heard(7, 'available');
    expect(b.get(7)).toBeNull();
    b.heard(7, 'recording');
    b.messageFrom(7);
    expect(b.get(7)).toBeNull();
    b.heard(7, 'composing');
    vi.advanceTimersByTime(9_000);
    b.heard(7, 'composing');
    vi.advanceTimersByTime(9_000);
    expect(b.get(7)).toBe('composing');
    vi.advanceTimersByTime(1_001);
    expect(b.get(7)).toBeNull();
    expect(changes).toHaveBeenCalledTimes(7);
  });

  it('keeps each ticket apart', () => {
    const { b } = board();
    b.heard(1, 'composing');
    b.heard(2, 'recording');
    b.messageFrom(1);
    expect([b.get(1), b.get(2)]).toEqual([null, 'recording']);
  });
});

describe('parsePresenceEvent', () => {
  it('reads presence frames and nothing else', () => {
    expect(parsePresenceEvent({ action: 'presence', ticketId: 3, presence: 'composing' })).toEqual({
      ticketId: 3,
      presence: 'composing',
    });
    expect(parsePresenceEvent({ action: 'presence', ticketId: 3, presence: 'dancing' })).toBeNull();
    expect(parsePresenceEvent({ action: 'update', ticketId: 3 })).toBeNull();
  });
});
