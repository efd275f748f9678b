import { describe, expect, it } from 'vitest';
import { EarlyAcks } from './early-acks.js';

describe('acks held for a send that has not recorded its id yet', () => {
  it('are taken once, the highest held, per connection', () => {
    const acks = new EarlyAcks();
    acks.hold(1, 'wamid.A', 2, 0);
    acks.hold(1, 'wamid.A', 3, 10);
    acks.hold(1, 'wamid.A', 2, 20);
    expect(acks.take(2, 'wamid.A', 30)).toBeUndefined();
    expect(acks.take(1, 'wamid.A', 30)).toBe(3);
    expect(acks.take(1, 'wamid.A', 40)).toBeUndefined();
  });

  it('expire after their time, and past the cap the oldest go first', () => {
    const acks = new EarlyAcks(1_000, 2);
    acks.hold(1, 'old', 3, 0);
    expect(acks.take(1, 'old', 1_001)).toBeUndefined();
    acks.hold(1, 'a', 2, 0);
    acks.hold(1, 'b', 2, 0);
    acks.hold(1, 'c', 2, 0);
    expect(acks.take(1, 'a', 1)).toBeUndefined();
    expect(acks.take(1, 'b', 1)).toBe(2);
    expect(acks.take(1, 'c', 1)).toBe(2);
  });
});
