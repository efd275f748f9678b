import type { MikroORM } from '@mikro-orm/postgresql';
import type { RealtimeHub } from '../../realtime/hub.js';
import type { TokenCheck, Tokens } from './tokens.js';

/** How long a live session is believed without asking the database again (another instance's revocation is told over the bus at once). */
export const SESSION_CACHE_MS = 5_000;
/** An ended session is remembered as ended for as long as any access token of it could still be valid. */
const ENDED_MEMORY_MS = 15 * 60_000;
const CACHE_LIMIT = 50_000;

/**
 * Checks an access token and that its session still lives: after logout, refresh-token reuse or a takeover login,
 * the session's access tokens are refused at once and its sockets are closed, on every instance.
 * @example const check = await accessGate.check(token); if (!check.ok) throw …
 */
export class AccessGate {
  private readonly orm: MikroORM;
  private readonly tokens: Tokens;
  private readonly realtime: RealtimeHub;
  private readonly sessions = new Map<string, { live: boolean; until: number }>();

  constructor({ orm, tokens, realtime }: { orm: MikroORM; tokens: Tokens; realtime: RealtimeHub }) {
    this.orm = orm;
    this.tokens = tokens;
    this.realtime = realtime;
  }

  async check(token: string | undefined): Promise<TokenCheck> {
    const check = this.tokens.checkAccess(token);
    if (!check.ok) return check;
    return (await this.isLive(check.user.sessionId)) ? check : { ok: false, reason: 'invalid' };
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
    for (const id of sessionIds) this.remember(id, false, until);
    this.realtime.closeSessions(sessionIds);
  }

  private async isLive(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return false;
    const cached = this.sessions.get(sessionId);
    if (cached && cached.until > Date.now()) return cached.live;
    const [row] = await this.orm.em
      .getConnection()
      .execute<{ live: boolean }[]>(
        'select revoked_at is null and expires_at > now() as live from auth_sessions where id = ?',
        [sessionId],
      );
    const live = row?.live === true;
    this.remember(sessionId, live, Date.now() + (live ? SESSION_CACHE_MS : ENDED_MEMORY_MS));
    return live;
  }

  private remember(sessionId: string, live: boolean, until: number): void {
    if (this.sessions.size >= CACHE_LIMIT) this.sessions.clear();
    this.sessions.set(sessionId, { live, until });
  }
}
