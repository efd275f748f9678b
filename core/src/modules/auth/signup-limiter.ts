import type { MikroORM } from '@mikro-orm/postgresql';
import { addressKey } from './address-key.js';
import { AttemptCounter, type AttemptRule, tooManyAttempts } from './attempt-counter.js';

/**
 * 5 signups an hour from one address (an IPv6 one by its /64), whatever their outcome (a refused one still probes which e-mails and names
 * are taken); the address is then refused for an hour. An office signs its company up once.
 */
export const SIGNUP_LIMIT: AttemptRule = { points: 5, window: 60 * 60, lock: 60 * 60 };

/**
 * Per-address guard for the public signup, counted in PostgreSQL like the login limits.
 * @example await signupLimiter.attempt(ctx.ip) // throws 429 ERR_TOO_MANY_ATTEMPTS with retryAfter
 */
export class SignupLimiter {
  private readonly address: AttemptCounter;

  constructor({ orm }: { orm: MikroORM }, rule: AttemptRule = SIGNUP_LIMIT) {
    this.address = new AttemptCounter(orm, 'signup-address', rule, true);
  }

  /** Counts one signup from `ip`, or refuses it while the address is locked. */
  async attempt(ip: string): Promise<void> {
    const key = addressKey(ip);
    const wait = await this.address.refusedFor(key);
    if (wait) throw tooManyAttempts(wait);
    const res = await this.address.add(key);
    if (res.consumedPoints > this.address.rule.points) throw tooManyAttempts(res.msBeforeNext);
    if (res.consumedPoints === this.address.rule.points) await this.address.lock(key);
  }
}
