import type { MikroORM } from '@mikro-orm/postgresql';
import { addressKey } from './address-key.js';
import { AttemptCounter, type AttemptRule, tooManyAttempts } from './attempt-counter.js';

/** The three login limits; see LOGIN_LIMITS. */
export interface LoginLimits {
  /** Failures at one account from one address. */
  accountFromAddress: AttemptRule;
  /** Failures at one account from any address. */
  account: AttemptRule;
  /** Failures from one address at any accounts. */
  address: AttemptRule;
}

/**
 * - An account from one address: 5 failures in 15 min lock that account for that address for 15 min. Guessing from
 *   one place stops there; the owner logging in from elsewhere is not locked out.
 * - An account from anywhere: 10 failures in 15 min lock it everywhere for 15 min, so guessing from many addresses
 *   stops too. One address cannot get there alone: locked at 5, it can put at most 9 failures into one window
 *   (this needs `account.points` ≥ 2 × `accountFromAddress.points` and the account window no longer than the
 *   account-from-address window and lock).
 * - An address (an IPv6 one by its /64): 30 failures in 10 min, whatever the accounts, lock the address for
 *   5 min. A run through many accounts (credential stuffing) stops; one account's failures (5 at most) never lock
 *   an office's shared address, and a false alarm there costs its users 5 minutes.
 * A success from an address clears that account-and-address count (5 *consecutive* failures lock).
 */
export const LOGIN_LIMITS: LoginLimits = {
  accountFromAddress: { points: 5, window: 15 * 60, lock: 15 * 60 },
  account: { points: 10, window: 15 * 60, lock: 15 * 60 },
  address: { points: 30, window: 10 * 60, lock: 5 * 60 },
};

/** What the login does with an attempt once the password was checked. */
export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Brute-force guard for login, counted in PostgreSQL (shared by instances, kept over restarts).
 * @example const attempt = await loginLimiter.attempt(email, ip); if (!ok) await attempt.failed(); else await attempt.succeeded()
 */
export class LoginLimiter {
  private readonly accountFromAddress: AttemptCounter;
  private readonly account: AttemptCounter;
  private readonly address: AttemptCounter;

  constructor({ orm }: { orm: MikroORM }, limits: Partial<LoginLimits> = {}) {
    const rules = { ...LOGIN_LIMITS, ...limits };
    this.accountFromAddress = new AttemptCounter(orm, 'login-account-address', rules.accountFromAddress);
    this.account = new AttemptCounter(orm, 'login-account', rules.account);
    this.address = new AttemptCounter(orm, 'login-address', rules.address, true);
  }

  /**
   * Refuses a locked account or address (429 with retryAfter), else counts the attempt before the password is
   * checked: parallel guesses are counted while they run, so a burst gets no more checks than the limits allow.
   */
  async attempt(email: string, ip: string): Promise<LoginAttempt> {
    const address = addressKey(ip);
    const counts = [
      { counter: this.accountFromAddress, key: `${email}\n${address}` },
      { counter: this.account, key: email },
      { counter: this.address, key: address },
    ];
    const waits = await Promise.all(counts.map((c) => c.counter.refusedFor(c.key)));
    if (Math.max(...waits) > 0) throw tooManyAttempts(Math.max(...waits));

    const counted = await Promise.all(counts.map((c) => c.counter.add(c.key)));
    const over = counted.filter((res, i) => res.consumedPoints > counts[i].counter.rule.points);
    if (over.length) {
      // Lost a race to other attempts: this one does not count against any key.
      await Promise.all(counts.map((c) => c.counter.remove(c.key)));
      throw tooManyAttempts(Math.max(...over.map((res) => res.msBeforeNext)));
    }
    return {
      failed: async () => {
        const reached = counts.filter((_, i) => counted[i].consumedPoints >= counts[i].counter.rule.points);
        await Promise.all(reached.map((c) => c.counter.lock(c.key)));
      },
      succeeded: async () => {
        const [pair, ...others] = counts;
        await Promise.all([pair.counter.clear(pair.key), ...others.map((c) => c.counter.remove(c.key))]);
      },
    };
  }
}
