import type { EntityManager } from '@mikro-orm/postgresql';

/** The new login session of a user who just proved their password, and what it changes of the user and company. */
export interface NewSession {
  id: string;
  companyId: number;
  userId: number;
  tokenHash: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** The user was offline: they are marked online. */
  cameOnline: boolean;
  /** A password hash made at today's cost, to replace one made at a lower cost. */
  rehash: string | null;
}

/**
 * One session per account, in one statement (so atomic): the user's live sessions end, the new one starts, the
 * company's last login and the user's presence (and upgraded hash) are written. Answers the ended sessions' ids, for
 * `AccessGate.end`. Statements of a CTE share a snapshot: the session inserted here is not among those ended.
 * @example const ended = await openSession(em, { id, companyId, userId, … })
 */
export async function openSession(em: EntityManager, s: NewSession, now: Date): Promise<string[]> {
  const res = await em.getKnex().raw<{ rows: { id: string }[] }>(
    `with ended as (
       update auth_sessions set revoked_at = now(), updated_at = now()
        where user_id = :userId and revoked_at is null returning id
     ), created as (
       insert into auth_sessions (id, company_id, user_id, token_hash, expires_at, ip, user_agent, created_at, updated_at)
       values (:id, :companyId, :userId, :tokenHash, :expiresAt, :ip, :userAgent, :now, :now)
     ), company as (
       update companies set last_login = :now, updated_at = :now where id = :companyId
     ), person as (
       update users set online = true, password_hash = coalesce(:rehash::text, password_hash), updated_at = :now
        where id = :userId and :changed::boolean
     )
     select id from ended`,
    {
      id: s.id,
      companyId: s.companyId,
      userId: s.userId,
      tokenHash: s.tokenHash,
      expiresAt: s.expiresAt,
      ip: s.ip,
      userAgent: s.userAgent,
      now,
      rehash: s.rehash,
      changed: s.cameOnline || s.rehash !== null,
    },
  );
  return res.rows.map((row) => row.id);
}
