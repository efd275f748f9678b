/** A token bucket: `burst` tokens at most, refilled at `perSecond`. */
export interface BucketRule {
  perSecond: number;
  burst: number;
}

/**
 * What one socket may send: 20 frames a second, 60 at once. The UI sends a dozen frames when it (re)connects (joins,
 * userStatus) and a ping every 18 s; a client far past this is broken or hostile.
 */
export const SOCKET_FRAME_LIMIT: BucketRule = { perSecond: 20, burst: 60 };
/** What all sockets of one user share (several tabs reconnecting at once stay well inside it). */
export const USER_FRAME_LIMIT: BucketRule = { perSecond: 40, burst: 120 };
/** Frames dropped past an empty bucket before the socket is closed (the client got a warning at the first). */
export const FRAME_OVERDRAFT = 20;
/** Close code of a socket that sent too many frames (RFC 6455 §7.4.1: policy violation). */
export const POLICY_VIOLATION_CLOSE = 1008;

/** What a frame's arrival made of its budget: within it, past it (dropped, warned once), or far past it (close). */
export type Spend = 'ok' | 'warn' | 'drop' | 'close';

/**
 * One budget of frames. Tokens may fall below zero by {@link FRAME_OVERDRAFT}: each frame past the limit is dropped and
 * still counted, so a client that slows down recovers and one that keeps flooding is closed.
 * @example const b = new TokenBucket(SOCKET_FRAME_LIMIT); if (b.spend(Date.now()) === 'close') socket.close(1008)
 */
export class TokenBucket {
  private tokens: number;
  private at: number;
  private warned = false;

  constructor(
    private readonly rule: BucketRule,
    now = Date.now(),
  ) {
    this.tokens = rule.burst;
    this.at = now;
  }

  spend(now: number): Spend {
    this.refill(now);
    this.tokens -= 1;
    if (this.tokens >= 0) {
      this.warned = false;
      return 'ok';
    }
    if (this.tokens <= -FRAME_OVERDRAFT) return 'close';
    if (this.warned) return 'drop';
    this.warned = true;
    return 'warn';
  }

  /** True once the bucket has refilled completely (nothing to remember about its owner). */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.rule.burst;
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.at) / 1000;
    this.tokens = Math.min(this.rule.burst, this.tokens + elapsed * this.rule.perSecond);
    this.at = now;
  }
}

/** The worse of two spends: a frame passes only when every budget it counts against lets it. */
export function worse(a: Spend, b: Spend): Spend {
  const order: Spend[] = ['ok', 'warn', 'drop', 'close'];
  return order[Math.max(order.indexOf(a), order.indexOf(b))];
}

/**
 * The budgets of one instance's sockets: each socket's own, and each user's shared by their sockets (kept until it
 * refills, so reconnecting does not reset it).
 * @example const spend = budgets.spend(client.budget, client.guest ? null : client.who.id)
 */
export class FrameBudgets {
  private readonly users = new Map<number, TokenBucket>();

  constructor(
    private readonly socketRule: BucketRule = SOCKET_FRAME_LIMIT,
    private readonly userRule: BucketRule = USER_FRAME_LIMIT,
  ) {}

  /** A new socket's own budget. */
  forSocket(now = Date.now()): TokenBucket {
    return new TokenBucket(this.socketRule, now);
  }

  /** Counts one frame of a socket (and of its user, unless a guest's: `userId` null). */
  spend(socket: TokenBucket, userId: number | null, now = Date.now()): Spend {
    const own = socket.spend(now);
    if (userId === null) return own;
    let shared = this.users.get(userId);
    if (!shared) {
      shared = new TokenBucket(this.userRule, now);
      this.users.set(userId, shared);
    }
    return worse(own, shared.spend(now));
  }

  /** Forgets the users whose budget is whole again. */
  prune(now = Date.now()): void {
    for (const [userId, budget] of this.users) if (budget.full(now)) this.users.delete(userId);
  }
}
