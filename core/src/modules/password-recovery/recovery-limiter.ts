import type { MikroORM } from '@mikro-orm/postgresql';
import { addressKey } from '../auth/address-key.js';
import { AttemptCounter, type AttemptRule, tooManyAttempts } from '../auth/attempt-counter.js';

/** The password-reset limits; see RECOVERY_LIMITS. */
export interface RecoveryLimits {
  /** Codes sent to one number within a minute. */
  numberMinute: AttemptRule;
  /** Codes sent to one number within a day. */
  numberDay: AttemptRule;
  /** Codes asked for from one address (an IPv6 one by its /64), whatever the numbers. */
  addressSends: AttemptRule;
  /** Codes checked and passwords saved from one address. */
  addressChecks: AttemptRule;
}

/**
 * - A number gets one code a minute and 5 a day: nobody floods a phone with codes, and a code cannot be re-rolled
 *   fast enough to matter (each code allows 2 guesses, so at most 10 guesses a day out of a million codes).
 * - An address asks for 10 codes an hour, whatever the numbers: walking through numbers stops there, while an office
 *   whose people forget their passwords on the same morning is not locked out.
 * - An address makes 20 checks (codes and saves) in 10 minutes: a second limit on guessing besides the 2 per code.
 * Unknown numbers are counted exactly like registered ones, so the limits tell nothing either.
 */
export const RECOVERY_LIMITS: RecoveryLimits = {
  numberMinute: { points: 1, window: 60, lock: 60 },
  numberDay: { points: 5, window: 24 * 60 * 60, lock: 24 * 60 * 60 },
  addressSends: { points: 10, window: 60 * 60, lock: 60 * 60 },
  addressChecks: { points: 20, window: 10 * 60, lock: 10 * 60 },
};

interface Count {
  counter: AttemptCounter;
  key: string;
}

/**
 * Throttles the public password-reset routes, counted in PostgreSQL like the login limits (shared by instances, kept
 * over restarts; keys hashed). A refusal is 429 ERR_TOO_MANY_ATTEMPTS with `retryAfter` seconds.
 * @example await recoveryLimiter.send('5511999990000', ctx.ip)
 */
export class RecoveryLimiter {
  private readonly numberMinute: AttemptCounter;
  private readonly numberDay: AttemptCounter;
  private readonly addressSends: AttemptCounter;
  private readonly addressChecks: AttemptCounter;

  constructor({ orm }: { orm: MikroORM }, limits: Partial<RecoveryLimits> = {}) {
    const rules = { ...RECOVERY_LIMITS, ...limits };
    this.numberMinute = new AttemptCounter(orm, 'reset-number-minute', rules.numberMinute);
    this.numberDay = new AttemptCounter(orm, 'reset-number-day', rules.numberDay);
    this.addressSends = new AttemptCounter(orm, 'reset-address-sends', rules.addressSends);
    this.addressChecks = new AttemptCounter(orm, 'reset-address-checks', rules.addressChecks);
  }

  /** Counts a code asked for `number` from `ip`, or refuses it while the number or the address is locked. */
  send(number: string, ip: string): Promise<void> {
    return consume([
      { counter: this.numberMinute, key: number },
      { counter: this.numberDay, key: number },
      { counter: this.addressSends, key: addressKey(ip) },
    ]);
  }

  /** Counts a code check or a password save from `ip`. */
  check(ip: string): Promise<void> {
    return consume([{ counter: this.addressChecks, key: addressKey(ip) }]);
  }
}

/** Refuses while any key is locked; else counts one on each and locks the keys that reached their limit. */
async function consume(counts: Count[]): Promise<void> {
  const waits = await Promise.all(counts.map((c) => c.counter.refusedFor(c.key)));
  if (Math.max(...waits) > 0) throw tooManyAttempts(Math.max(...waits));
  const counted = await Promise.all(counts.map((c) => c.counter.add(c.key)));
  const over = counted.filter((res, i) => res.consumedPoints > counts[i].counter.rule.points);
  // Lost a race to parallel requests: refused, and it still counts (a burst is what the limit is for).
  if (over.length) throw tooManyAttempts(Math.max(...over.map((res) => res.msBeforeNext)));
  await Promise.all(
    counts
      .filter((c, i) => counted[i].consumedPoints === c.counter.rule.points)
      .map((c) => c.counter.lock(c.key)),
  );
}
