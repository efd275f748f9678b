import type { SocketIdentity } from '@balcao/sdk';

/** userStatus heartbeats of one user write their presence at most this often (the UI sends one every 5 minutes). */
export const HEARTBEAT_WRITE_MS = 10_000;

interface Beat {
  lastAt: number;
  timer?: NodeJS.Timeout;
}

/**
 * Coalesces a user's heartbeats: the first is written at once, those within `everyMs` of the last write become one
 * write when the interval ends (the latest is never lost, a flood is one write per interval).
 * @example const beats = new PresenceHeartbeats(10_000, (who) => recordOnline(who)); beats.beat(who)
 */
export class PresenceHeartbeats {
  private readonly beats = new Map<number, Beat>();

  constructor(
    private readonly everyMs: number,
    private readonly write: (who: SocketIdentity) => Promise<void>,
  ) {}

  beat(who: SocketIdentity, now = Date.now()): void {
    const beat = this.beats.get(who.id);
    if (beat?.timer) return;
    if (!beat || now - beat.lastAt >= this.everyMs) {
      this.beats.set(who.id, { lastAt: now });
      void this.write(who);
      return;
    }
    beat.timer = setTimeout(
      () => {
        this.beats.set(who.id, { lastAt: Date.now() });
        void this.write(who);
      },
      beat.lastAt + this.everyMs - now,
    );
    beat.timer.unref();
  }

  /** The user went offline: a waiting heartbeat must not set them online again. */
  cancel(userId: number): void {
    clearTimeout(this.beats.get(userId)?.timer);
    this.beats.delete(userId);
  }

  stop(): void {
    for (const beat of this.beats.values()) clearTimeout(beat.timer);
    this.beats.clear();
  }
}
