import { createHash } from 'node:crypto';
import { AppError } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';

/** How many attempts one key may make, in seconds: `points` within `window`, then refused for `lock`. */
export interface AttemptRule {
  /** Attempts counted within the window; the one that reaches this number locks the key. */
  points: number;
  window: number;
  lock: number;
}

/**
 * One rule's counters in PostgreSQL (`auth_attempts`, core migration 0010), shared by every instance and kept over
 * restarts. Keys are hashed: no e-mail or address is stored, and any length fits the column.
 * @example const perAddress = new AttemptCounter(orm, 'signup-address', { points: 5, window: 3600, lock: 3600 })
 */
export class AttemptCounter {
  private readonly store: RateLimiterPostgres;

  constructor(
    orm: MikroORM,
    private readonly name: string,
    readonly rule: AttemptRule,
    /** Deletes rows expired an hour ago every 5 minutes; one counter per limiter is enough (they share the table). */
    sweep = false,
  ) {
    this.store = new RateLimiterPostgres({
      storeClient: orm.em.getKnex(),
      storeType: 'knex',
      tableName: 'auth_attempts',
      tableCreated: true,
      clearExpiredByTimeout: sweep,
      keyPrefix: name,
      points: rule.points,
      duration: rule.window,
    });
  }

  /** Milliseconds `key` stays refused: 0 while it has made fewer than `points` attempts. */
  async refusedFor(key: string): Promise<number> {
    const res = await this.store.get(hashed(key));
    return res && res.consumedPoints >= this.rule.points ? Math.max(res.msBeforeNext, 1) : 0;
  }

  /** Counts one attempt; `consumedPoints` of the answer is the count with it, `msBeforeNext` when the window ends. */
  add(key: string): Promise<RateLimiterRes> {
    return this.store.penalty(hashed(key), 1);
  }

  /** Takes back an attempt that turned out not to count. */
  async remove(key: string): Promise<void> {
    await this.store.reward(hashed(key), 1);
  }

  /** Refuses `key` for the rule's lock time from now. */
  async lock(key: string): Promise<void> {
    await this.store.block(hashed(key), this.rule.lock);
  }

  async clear(key: string): Promise<void> {
    await this.store.delete(hashed(key));
  }

  /** The `auth_attempts.key` of `key`'s row, for a caller that counts several rules in one statement (login-limiter.ts). */
  rowKey(key: string): string {
    return `${this.name}:${hashed(key)}`;
  }
}

const hashed = (key: string): string => createHash('sha256').update(key).digest('base64url');

/** The 429 of a refused attempt, with the seconds to wait. */
export function tooManyAttempts(ms: number): AppError {
  return new AppError('ERR_TOO_MANY_ATTEMPTS', 429, { retryAfter: Math.max(1, Math.ceil(ms / 1000)) });
}
