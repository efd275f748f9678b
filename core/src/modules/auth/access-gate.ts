import type { AuthUser } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RealtimeHub } from '../../realtime/hub.js';
import type { TokenCheck, Tokens } from './tokens.js';

/** What the gate believes of a session: whether it lives and its user's rights as the database last said. */
interface Belief {
  live: boolean;
  until: number;
  userId?: number;
  profile?: AuthUser['profile'];
  super?: boolean;
}

/** How long a live session is believed without asking the database again (another instance's revocation is told over the bus at once). */
export const SESSION_CACHE_MS = 5_000;
/** An ended session is remembered as ended for as long as any access token of it could still be valid. */
const ENDED_MEMORY_MS = 15 * 60_000;
const CACHE_LIMIT = 50_000;

/**
 * Checks an access token and that its session still lives: after logout, refresh-token reuse or a takeover login,
 * the session's access tokens are refused at once and its sockets are closed, on every instance. The profile and
 * super flag it answers are the user's live ones, not the token's claims: a demoted admin's next request is refused.
 * @example const check = await accessGate.check(token); if (!check.ok) throw …
 */
export class AccessGate {
  private readonly orm: MikroORM;
  private readonly tokens: Tokens;
  private readonly realtime: RealtimeHub;
  private readonly sessions = new Map<string, Belief>();

  constructor({ orm, tokens, realtime }: { orm: MikroORM; tokens: Tokens; realtime: RealtimeHub }) {
    this.orm = orm;
    this.tokens = tokens;
    this.realtime = realtime;
  }

  async check(token: string | undefined): Promise<TokenCheck> {
    const check = this.tokens.checkAccess(token);
    if (!check.ok) return check;
    const belief = await this.believe(check.user.sessionId);
    if (!belief.live || belief.userId !== check.user.id) return { ok: false, reason: 'invalid' };
    return {
      ok: true,
      user: { ...check.user, profile: belief.profile ?? check.user.profile, super: belief.super === true },
    };
  }

  /**
   * These users' rights changed (profile, queues, allTicket, allowGroup, super): their sessions' rights are read
   * again at the next request and their sockets close (the client refreshes its token and joins its rooms anew,
   * each join authorised again), here now and on other instances as the bus tells them.
   */
  async usersChanged(userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    this.usersChangedLocal(userIds);
    await this.realtime.announceStale({ userIds });
  }

  /** Forgets what this instance believed of these users' sessions and closes their sockets here. */
  usersChangedLocal(userIds: readonly number[]): void {
    const changed = new Set(userIds);
    for (const [id, belief] of this.sessions) {
      if (belief.userId !== undefined && changed.has(belief.userId)) this.sessions.delete(id);
    }
    this.realtime.closeUsers(userIds);
  }

  /** Sessions just revoked (or removed with their user): refused here now, on other instances as the bus tells them. */
  async end(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.endLocal(sessionIds);
    await this.realtime.announceSessionsEnded(sessionIds);
  }

  /** Forgets the sessions as live and closes their sockets on this instance (the bus calls it for the others). */
  endLocal(sessionIds: readonly string[]): void {
    const until = Date.now() + ENDED_MEMORY_MS;
    for (const id of sessionIds) this.remember(id, { live: false, until });
    this.realtime.closeSessions(sessionIds);
  }

  private async believe(sessionId: string | undefined): Promise<Belief> {
    if (!sessionId) return { live: false, until: 0 };
    const cached = this.sessions.get(sessionId);
    if (cached && cached.until > Date.now()) return cached;
    const [row] = await this.orm.em
      .getConnection()
      .execute<{ live: boolean; user_id: number; profile: AuthUser['profile']; super: boolean }[]>(
        `select s.revoked_at is null and s.expires_at > now() as live, u.id as user_id, u.profile, u.super
         from auth_sessions s join users u on u.id = s.user_id where s.id = ?`,
        [sessionId],
      );
    const live = row?.live === true;
    const belief: Belief = live
      ? {
          live,
          until: Date.now() + SESSION_CACHE_MS,
          userId: row.user_id,
          profile: row.profile,
          super: row.super,
        }
      : { live, until: Date.now() + ENDED_MEMORY_MS };
    this.remember(sessionId, belief);
    return belief;
  }

  private remember(sessionId: string, belief: Belief): void {
    if (this.sessions.size >= CACHE_LIMIT) this.sessions.clear();
    this.sessions.set(sessionId, belief);
  }
}
