import { createHash } from 'node:crypto';
import { AppError, addressKey, GroupCommit, type SqlPort } from '@balcao/sdk';

/** `count` within `seconds`: a token bucket holding `count`, refilled evenly over `seconds`. */
export interface Rate {
  count: number;
  seconds: number;
}

/** The web chat's public limits; each is configurable (`WEBCHAT_LIMIT_…`, see README). */
export interface WebchatLimits {
  /** Messages one visitor posts on a connection. */
  visitorMessages: Rate;
  /** Messages from one client address (an IPv6 /64 as one), all visitors and connections together. */
  addressMessages: Rate;
  /** Messages of all visitors of one connection together. */
  connectionMessages: Rate;
  /** Visitor ids one address may start writing with (each may become a contact and a ticket). */
  newVisitors: Rate;
  /** Read receipts, typing signals and history loads of one visitor. */
  visitorSignals: Rate;
  /** The same from one address. */
  addressSignals: Rate;
}

/** Defaults no person chatting reaches: a burst of 10 messages, then one a second; 20 new visitors in 10 minutes. */
export const DEFAULT_LIMITS: WebchatLimits = {
  visitorMessages: { count: 10, seconds: 10 },
  addressMessages: { count: 120, seconds: 60 },
  connectionMessages: { count: 600, seconds: 60 },
  newVisitors: { count: 20, seconds: 600 },
  visitorSignals: { count: 60, seconds: 60 },
  addressSignals: { count: 600, seconds: 60 },
};

const ENV_NAMES: Record<keyof WebchatLimits, string> = {
  visitorMessages: 'WEBCHAT_LIMIT_VISITOR_MESSAGES',
  addressMessages: 'WEBCHAT_LIMIT_ADDRESS_MESSAGES',
  connectionMessages: 'WEBCHAT_LIMIT_CONNECTION_MESSAGES',
  newVisitors: 'WEBCHAT_LIMIT_NEW_VISITORS',
  visitorSignals: 'WEBCHAT_LIMIT_VISITOR_SIGNALS',
  addressSignals: 'WEBCHAT_LIMIT_ADDRESS_SIGNALS',
};

/**
 * The limits from the environment (`count/seconds`, e.g. WEBCHAT_LIMIT_NEW_VISITORS=20/600) over the defaults; a bad
 * value throws with its name (the host then disables the plugin and says why).
 * @example readLimits({ WEBCHAT_LIMIT_VISITOR_MESSAGES: '20/10' }).visitorMessages // { count: 20, seconds: 10 }
 */
export function readLimits(env: Record<string, string | undefined>): WebchatLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(ENV_NAMES) as (keyof WebchatLimits)[]) {
    const value = env[ENV_NAMES[key]];
    if (value === undefined || value === '') continue;
    const m = /^(\d{1,9})\/(\d{1,9})$/.exec(value.trim());
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
      throw new Error(`${ENV_NAMES[key]} must be count/seconds, both positive (e.g. 10/10): "${value}"`);
    limits[key] = { count: Number(m[1]), seconds: Number(m[2]) };
  }
  return limits;
}

interface Bucket {
  key: string;
  rate: Rate;
}

/** 429 ERR_TOO_MANY_ATTEMPTS with the seconds to wait (body `retryAfter`, header `Retry-After`). */
export class WebchatRefusal extends AppError {
  constructor(readonly retryAfter: number) {
    super('ERR_TOO_MANY_ATTEMPTS', 429, { retryAfter });
  }
}

/** Keys are hashed: no address or visitor id is stored, and any length fits. */
const hashed = (key: string): string => createHash('sha256').update(key).digest('base64url');

/** One attempt's buckets as `webchat_take_tokens` reads them: [hashed key, burst, tokens per second]. */
type Attempt = [key: string, burst: number, perSecond: number][];
interface TakeRow {
  attempt: number;
  took: boolean;
  left_tokens: number;
  refill: number;
}
interface PendingTake {
  sql: SqlPort;
  attempt: Attempt;
  resolve: (row: TakeRow) => void;
  reject: (err: unknown) => void;
}
/** Attempts that wait while a statement runs go together in the next, up to this many. */
const MAX_TAKES = 500;

/** A visitor's post waiting for its visit to be recorded; `key` is `hashedAddress:hashedVisitor` (base64url has no `:`). */
interface PendingVisit {
  sql: SqlPort;
  key: string;
  resolve: (inserted: boolean) => void;
  reject: (err: unknown) => void;
}

/** The visits of a batch (distinct keys), in key order so concurrent instances lock rows in one order. */
const VISIT = `insert into webchat_address_visitors (address, visitor, seen_at)
    select v.address, v.visitor, now() from jsonb_to_recordset(?::jsonb) as v(address text, visitor text)
     order by v.address, v.visitor
  on conflict (address, visitor) do update set seen_at = now()
  returning address, visitor, (xmax = 0) as inserted`;

/**
 * The web chat's public limits, counted in PostgreSQL (the plugin's `webchat_rate_buckets` and
 * `webchat_address_visitors`), so every instance behind a load balancer counts the same and a restart forgets nothing.
 * @example await limiter.message(deps.sql, { connectionId, contactId, ip: ctx.ip }) // throws WebchatRefusal (429)
 */
export class WebchatLimiter {
  private sweptAt = 0;
  /**
   * Visitors this process recorded lately (key → when): their next messages skip the upsert. The row's `seen_at`
   * then lags by at most {@link WebchatLimiter.recentMs}, far inside the window the sweep keeps visitors for, so a
   * known visitor never becomes new again; and nothing is refused that the database would have let through.
   */
  private readonly recent = new Map<string, number>();

  constructor(readonly limits: WebchatLimits) {}

  /** A visitor posts a message: a new visitor first (per address), then visitor, address and connection, in order. */
  async message(sql: SqlPort, who: { connectionId: number; contactId: string; ip: string }): Promise<void> {
    await this.sweep(sql);
    const address = addressKey(who.ip);
    await this.newVisitor(sql, address, `${who.connectionId}:${who.contactId}`);
    await this.take(sql, [
      { key: `visitor:${who.connectionId}:${who.contactId}`, rate: this.limits.visitorMessages },
      { key: `address:${address}`, rate: this.limits.addressMessages },
      { key: `connection:${who.connectionId}`, rate: this.limits.connectionMessages },
    ]);
  }

  /** A read receipt, typing signal or history load. */
  async signal(sql: SqlPort, who: { connectionId: number; contactId: string; ip: string }): Promise<void> {
    await this.take(sql, [
      { key: `signals:${who.connectionId}:${who.contactId}`, rate: this.limits.visitorSignals },
      { key: `signals-address:${addressKey(who.ip)}`, rate: this.limits.addressSignals },
    ]);
  }

  /**
   * Takes a token from each bucket in order: a later bucket is touched only when the earlier ones let the attempt
   * through, so one visitor's flood refused at its own bucket spends nothing of the connection's. Attempts that arrive
   * while a statement runs wait and go together in the next (`webchat_take_tokens`, migration 0003), in arrival order:
   * one statement for many posts instead of one each.
   */
  private async take(sql: SqlPort, buckets: Bucket[]): Promise<void> {
    const attempt: Attempt = buckets.map((b) => [hashed(b.key), b.rate.count, b.rate.count / b.rate.seconds]);
    const row = await new Promise<TakeRow>((resolve, reject) => {
      this.takes.push({ sql, attempt, resolve, reject });
    });
    if (!row.took) throw new WebchatRefusal(Math.max(1, Math.ceil((1 - row.left_tokens) / row.refill)));
  }

  /** One statement at a time (the SDK's GroupCommit): the attempts that wait go together in the next. */
  private readonly takes = new GroupCommit<PendingTake>({
    maxBatch: MAX_TAKES,
    maxInFlight: 1,
    run: async (batch) => {
      try {
        const rows = await batch[0].sql.rows<TakeRow>('select * from webchat_take_tokens(?::jsonb)', [
          JSON.stringify(batch.map((p) => p.attempt)),
        ]);
        for (const [i, p] of batch.entries()) {
          const row = rows.find((r) => r.attempt === i);
          if (row) p.resolve(row);
          else p.reject(new Error('webchat_take_tokens: an attempt without its row'));
        }
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    },
  });

  /** At most a minute, and a quarter of the new-visitor window (the sweep keeps visitors for the whole window). */
  private get recentMs(): number {
    return Math.min(60_000, (this.limits.newVisitors.seconds * 1000) / 4);
  }

  /** A visitor id not seen from this address lately takes one of the address's new-visitor tokens. */
  private async newVisitor(sql: SqlPort, address: string, visitor: string): Promise<void> {
    const key = [hashed(`address:${address}`), hashed(visitor)];
    const memo = key.join(':');
    const now = Date.now();
    const seen = this.recent.get(memo);
    if (seen !== undefined && now - seen < this.recentMs) return;
    if (!(await this.visit(sql, key))) {
      this.remember(memo, now);
      return;
    }
    try {
      await this.take(sql, [{ key: `new-visitors:${address}`, rate: this.limits.newVisitors }]);
      this.remember(memo, now);
    } catch (err) {
      // Still new next time: refused ids do not become known ones.
      await sql.rows('delete from webchat_address_visitors where address = ? and visitor = ?', key);
      throw err;
    }
  }

  /**
   * Records that the visitor (hashed address and visitor id) wrote now; true when the row is new. Visits that arrive
   * while a statement runs wait and go together in the next, as the takes do: a burst of new visitors costs one
   * statement, not one each (issue 30: statements per ingested message).
   */
  private visit(sql: SqlPort, key: string[]): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.visits.push({ sql, key: key.join(':'), resolve, reject });
    });
  }

  /** One statement at a time, as the takes. A key twice in a batch is new at most once, for the first. */
  private readonly visits = new GroupCommit<PendingVisit>({
    maxBatch: MAX_TAKES,
    maxInFlight: 1,
    run: async (batch) => {
      const first = new Map<string, PendingVisit>();
      for (const p of batch) if (!first.has(p.key)) first.set(p.key, p);
      const rows = [...first.keys()].map((k) => {
        const [address, visitor] = k.split(':');
        return { address, visitor };
      });
      try {
        const result = await batch[0].sql.rows<{ address: string; visitor: string; inserted: boolean }>(
          VISIT,
          [JSON.stringify(rows)],
        );
        const inserted = new Set(result.filter((r) => r.inserted).map((r) => `${r.address}:${r.visitor}`));
        for (const p of batch) p.resolve(first.get(p.key) === p && inserted.has(p.key));
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    },
  });

  /** Bounded: past 10,000 visitors the oldest entries go (Map keeps insertion order). */
  private remember(memo: string, at: number): void {
    this.recent.delete(memo);
    this.recent.set(memo, at);
    if (this.recent.size > 10_000) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  /** Every 5 minutes at most: drops buckets that have refilled whole and visitors not seen within their window. */
  private async sweep(sql: SqlPort): Promise<void> {
    if (Date.now() - this.sweptAt < 5 * 60_000) return;
    this.sweptAt = Date.now();
    await sql.rows(
      'delete from webchat_rate_buckets where at + make_interval(secs => burst / per_second) < now()',
    );
    await sql.rows('delete from webchat_address_visitors where seen_at < now() - make_interval(secs => ?)', [
      this.limits.newVisitors.seconds,
    ]);
  }
}
