import type { SocketIdentity } from '@balcao/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceHeartbeats } from './presence-heartbeats.js';

const ana: SocketIdentity = { id: 1, companyId: 1, profile: 'user', super: false };
const bia: SocketIdentity = { id: 2, companyId: 1, profile: 'user', super: false };

describe('PresenceHeartbeats', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the first heartbeat at once and a flood within the interval as one more write at its end', async () => {
    const written: number[] = [];
    const beats = new PresenceHeartbeats(10_000, async (who) => {
      written.push(who.id);
    });
    for (let i = 0; i < 1000; i++) beats.beat(ana);
    beats.beat(bia);
    expect(written).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(written).toEqual([1, 2, 1]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(written).toEqual([1, 2, 1]);
  });

  it('drops a waiting heartbeat when the user goes offline', async () => {
    const written: number[] = [];
    const beats = new PresenceHeartbeats(10_000, async (who) => {
      written.push(who.id);
    });
    beats.beat(ana);
    beats.beat(ana);
    beats.cancel(ana.id);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(written).toEqual([1]);
  });
});
