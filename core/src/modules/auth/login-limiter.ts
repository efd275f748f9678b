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

/** Row keys of one attempt's three counts, in the order every statement here locks them (see COUNT_ATTEMPT). */
interface Keys {
  pair: string;
  account: string;
  wide: string;
}

/**
 * One attempt in one statement: the wait of a locked pair or address (0 when neither is), else the three counts
 * with this attempt (rate-limiter-flexible's upsert: a row past its window starts again at 1). Every statement here
 * locks its rows in the order pair, account, address (an upsert's rows in its VALUES order; a bare `update … where
 * key in (…)` locks in scan order, which deadlocked against it), so concurrent logins never deadlock.
 */
const COUNT_ATTEMPT = `
  with locked as (
    select coalesce(max(greatest(coalesce(expire - :now, 1), 1)), 0) as wait from auth_attempts
     where ((key = :pair and points >= :pairPoints) or (key = :wide and points >= :widePoints))
       and (expire > :now or expire is null)
  ), added as (
    insert into auth_attempts (key, points, expire)
    select k.key, 1, :now::bigint + k.ms from (values (1, :pair, :pairMs::bigint), (2, :account, :accountMs::bigint), (3, :wide, :wideMs::bigint))
      as k(n, key, ms)
     where (select wait from locked) = 0
     order by k.n
    on conflict (key) do update set
      points = case when auth_attempts.expire <= :now then 1 else auth_attempts.points + 1 end,
      expire = case when auth_attempts.expire <= :now then excluded.expire else auth_attempts.expire end
    returning key, points, expire
  )
  select (select wait from locked) as wait,
         (select points from added where key = :pair) as pair_points,
         (select expire from added where key = :pair) as pair_expire,
         (select points from added where key = :account) as account_points,
         (select points from added where key = :wide) as wide_points,
         (select expire from added where key = :wide) as wide_expire`;

/**
 * Takes an attempt back from the counts of `(values (n, key), …)`, locking them in that order; a row swept meanwhile
 * comes back expired (a count of 0 that the next attempt starts again).
 */
const TAKE_BACK = 'insert into auth_attempts (key, points, expire) select k.key, 0, :now::bigint from';
const TAKEN = 'as k(n, key) order by k.n on conflict (key) do update set points = auth_attempts.points - 1';

interface Counted {
  wait: string | number;
  pair_points: number | null;
  pair_expire: string | number | null;
  account_points: number | null;
  wide_points: number | null;
  wide_expire: string | number | null;
}

/** Milliseconds until an epoch-ms `expire` (bigint: pg answers a string); -1 when there is none, as the library does. */
const msUntil = (expire: string | number | null, now: number): number =>
  expire === null ? -1 : Math.max(Number(expire) - now, 0);

/**
 * Brute-force guard for login, counted in PostgreSQL (shared by instances, kept over restarts). Every lock is of an
 * address (at one account or at all): none is of an account everywhere. An attempt costs one statement, its outcome
 * one more (the rows are those of AttemptCounter, so its sweep and layout hold).
 * @example const attempt = await loginLimiter.attempt(email, ip); if (!ok) await attempt.failed(); else await attempt.succeeded()
 */
export class LoginLimiter {
  private readonly orm: MikroORM;
  private readonly accountFromAddress: AttemptCounter;
  private readonly account: AttemptCounter;
  private readonly address: AttemptCounter;
  /** Failures an address gets at an account under attack. */
  private readonly perAddressUnderAttack: number;

  constructor({ orm }: { orm: MikroORM }, limits: Partial<LoginLimits> = {}) {
    const rules = { ...LOGIN_LIMITS, ...limits };
    this.orm = orm;
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
    const keys: Keys = {
      pair: this.accountFromAddress.rowKey(`${email}\n${address}`),
      account: this.account.rowKey(email),
      wide: this.address.rowKey(address),
    };
    const now = Date.now();
    const [row] = await this.sql<Counted>(COUNT_ATTEMPT, {
      ...keys,
      now,
      pairPoints: this.accountFromAddress.rule.points,
      widePoints: this.address.rule.points,
      pairMs: this.accountFromAddress.rule.window * 1000,
      accountMs: this.account.rule.window * 1000,
      wideMs: this.address.rule.window * 1000,
    });
    const wait = Number(row?.wait ?? 0);
    if (wait > 0) throw tooManyAttempts(wait);
    const pairPoints = Number(row?.pair_points);
    const widePoints = Number(row?.wide_points);
    const underAttack = Number(row?.account_points) > this.account.rule.points;
    const pairLimit = underAttack ? this.perAddressUnderAttack : this.accountFromAddress.rule.points;
    const over = [
      pairPoints > pairLimit ? msUntil(row?.pair_expire ?? null, now) : null,
      widePoints > this.address.rule.points ? msUntil(row?.wide_expire ?? null, now) : null,
    ].filter((ms) => ms !== null);
    if (over.length) {
      // Lost a race to other attempts (or this address used its share at an account under attack): not counted.
      await this.sql(`${TAKE_BACK} (values (1, :pair), (2, :account), (3, :wide)) ${TAKEN}`, {
        ...keys,
        now,
      });
      throw tooManyAttempts(Math.max(...over));
    }
    return {
      failed: async () => {
        const locks: { key: string; rule: { points: number; lock: number } }[] = [];
        if (pairPoints >= pairLimit) locks.push({ key: keys.pair, rule: this.accountFromAddress.rule });
        if (widePoints >= this.address.rule.points) locks.push({ key: keys.wide, rule: this.address.rule });
        if (locks.length) await this.lock(locks);
      },
      // That account-and-address count cleared; this attempt taken back from the account's and the address's.
      succeeded: async () => {
        await this.sql(
          // The primary statement runs before the CTE: the pair's row is locked first.
          `with taken as (${TAKE_BACK} (values (2, :account), (3, :wide)) ${TAKEN})
           delete from auth_attempts where key = :pair`,
          { ...keys, now: Date.now() },
        );
      },
    };
  }

  /** Refuses each key for its rule's lock time from now (AttemptCounter.lock's row: points past the limit). */
  private async lock(locks: { key: string; rule: { points: number; lock: number } }[]): Promise<void> {
    const now = Date.now();
    const params: Record<string, string | number> = {};
    const rows = locks.map(({ key, rule }, i) => {
      Object.assign(params, {
        [`k${i}`]: key,
        [`p${i}`]: rule.points + 1,
        [`e${i}`]: now + rule.lock * 1000,
      });
      return `(:k${i}, :p${i}::int, :e${i}::bigint)`;
    });
    await this.sql(
      `insert into auth_attempts (key, points, expire) values ${rows.join(', ')}
       on conflict (key) do update set points = excluded.points, expire = excluded.expire`,
      params,
    );
  }

  private sql<T>(query: string, params: Record<string, unknown>): Promise<T[]> {
    return this.orm.em
      .getKnex()
      .raw(query, params)
      .then((res: { rows: T[] }) => res.rows);
  }
}
