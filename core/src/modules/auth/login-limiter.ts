import type { MikroORM } from '@mikro-orm/postgresql';
import { addressKey } from './address-key.js';
import { AttemptCounter, type AttemptRule, tooManyAttempts } from './attempt-counter.js';

/** The three login limits; see LOGIN_LIMITS. */
export interface LoginLimits {
  /** Failures at one account from one address. */
  accountFromAddress: AttemptRule;
  /**
   * Failures at one account from any address: past `points` within `window` the account is under attack, and each
   * address then gets `perAddress` failures at it before that address is locked out of it. The account itself is
   * never locked.
   */
  account: { points: number; window: number; perAddress: number };
  /** Failures from one address at any accounts. */
  address: AttemptRule;
}

/**
 * - An account from one address: 5 failures in 15 min lock that account for that address for 15 min. Guessing from
 *   one place stops there; the owner logging in from elsewhere is not locked out.
 * - An account from anywhere: past 10 failures in 15 min the account is under attack. It is not locked (a lock
 *   anyone can renew from a few addresses would lock its owner out, admin@admin.com included): each address then
 *   gets 2 failures at it, after which that address is locked out of that account for 15 min. Guessing from many
 *   addresses costs an address per 2 guesses; the owner, from an address that has not failed, still logs in.
 * - An address (an IPv6 one by its /64): 30 failures in 10 min, whatever the accounts, lock the address for
 *   5 min. A run through many accounts (credential stuffing) stops; one account's failures (5 at most) never lock
 *   an office's shared address, and a false alarm there costs its users 5 minutes.
 * A success from an address clears that account-and-address count (5 *consecutive* failures lock).
 */
export const LOGIN_LIMITS: LoginLimits = {
  accountFromAddress: { points: 5, window: 15 * 60, lock: 15 * 60 },
  account: { points: 10, window: 15 * 60, perAddress: 2 },
  address: { points: 30, window: 10 * 60, lock: 5 * 60 },
};

/** What the login does with an attempt once the password was checked. */
export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Brute-force guard for login, counted in PostgreSQL (shared by instances, kept over restarts). Every lock is of an
 * address (at one account or at all): none is of an account everywhere.
 * @example const attempt = await loginLimiter.attempt(email, ip); if (!ok) await attempt.failed(); else await attempt.succeeded()
 */
export class LoginLimiter {
  private readonly accountFromAddress: AttemptCounter;
  private readonly account: AttemptCounter;
  private readonly address: AttemptCounter;
  /** Failures an address gets at an account under attack. */
  private readonly perAddressUnderAttack: number;

  constructor({ orm }: { orm: MikroORM }, limits: Partial<LoginLimits> = {}) {
    const rules = { ...LOGIN_LIMITS, ...limits };
    this.accountFromAddress = new AttemptCounter(orm, 'login-account-address', rules.accountFromAddress);
    // Only counted (its lock is never set): it tells when the account is under attack.
    const { points, window } = rules.account;
    this.account = new AttemptCounter(orm, 'login-account', { points, window, lock: window });
    this.address = new AttemptCounter(orm, 'login-address', rules.address, true);
    this.perAddressUnderAttack = Math.min(rules.account.perAddress, rules.accountFromAddress.points);
  }

  /**
   * Refuses a locked address (at this account or at all; 429 with retryAfter), else counts the attempt before the
   * password is checked: parallel guesses are counted while they run, so a burst gets no more checks than the limits allow.
   */
  async attempt(email: string, ip: string): Promise<LoginAttempt> {
    const address = addressKey(ip);
    const pair = { counter: this.accountFromAddress, key: `${email}\n${address}` };
    const account = { counter: this.account, key: email };
    const wide = { counter: this.address, key: address };
    const counts = [pair, account, wide];
    const waits = await Promise.all([pair, wide].map((c) => c.counter.refusedFor(c.key)));
    if (Math.max(...waits) > 0) throw tooManyAttempts(Math.max(...waits));

    const [pairRes, accountRes, wideRes] = await Promise.all(counts.map((c) => c.counter.add(c.key)));
    const underAttack = accountRes.consumedPoints > this.account.rule.points;
    const pairLimit = underAttack ? this.perAddressUnderAttack : this.accountFromAddress.rule.points;
    const over = [
      pairRes.consumedPoints > pairLimit ? pairRes : null,
      wideRes.consumedPoints > this.address.rule.points ? wideRes : null,
    ].filter((res) => res !== null);
    if (over.length) {
      // Lost a race to other attempts (or this address used its share at an account under attack): not counted.
      await Promise.all(counts.map((c) => c.counter.remove(c.key)));
      throw tooManyAttempts(Math.max(...over.map((res) => res.msBeforeNext)));
    }
    return {
      failed: async () => {
        const locks = [];
        if (pairRes.consumedPoints >= pairLimit) locks.push(pair.counter.lock(pair.key));
        if (wideRes.consumedPoints >= this.address.rule.points) locks.push(wide.counter.lock(wide.key));
        await Promise.all(locks);
      },
      succeeded: async () => {
        await Promise.all([
          pair.counter.clear(pair.key),
          ...[account, wide].map((c) => c.counter.remove(c.key)),
        ]);
      },
    };
  }
}
