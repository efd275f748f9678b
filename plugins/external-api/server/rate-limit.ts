/** How many calls a token may make per window. */
export interface RateLimit {
  count: number;
  seconds: number;
}

/** 60 calls a minute per token unless EXTERNAL_API_RATE ("count/seconds", e.g. "120/60") says otherwise. */
export function readRateLimit(env: Record<string, string | undefined>): RateLimit {
  const raw = env.EXTERNAL_API_RATE;
  if (!raw) return { count: 60, seconds: 60 };
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    throw new Error(`EXTERNAL_API_RATE must be "count/seconds", not ${raw}`);
  return { count: Number(match[1]), seconds: Number(match[2]) };
}

/**
 * A fixed window per key (a connection's id): `take` answers 0 when the call may go, else the seconds until the
 * window ends. In this process's memory: with several instances each allows the count (the limit protects the
 * channel from a runaway client, not a hard quota). Old windows are swept as new keys arrive.
 */
export class TokenRateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): number {
    const now = this.now();
    const span = this.limit.seconds * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.start >= span) {
      if (!window && this.windows.size > 10_000) this.sweep(now, span);
      window = { start: now, used: 0 };
      this.windows.set(key, window);
    }
    if (window.used >= this.limit.count) return Math.max(1, Math.ceil((window.start + span - now) / 1000));
    window.used++;
    return 0;
  }

  private sweep(now: number, span: number) {
    for (const [key, w] of this.windows) if (now - w.start >= span) this.windows.delete(key);
  }
}
