import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Revokes the live login sessions of one user or of a whole company and answers their ids, which the caller hands to
 * `AccessGate.end` (refused here and on every instance, sockets closed).
 * @example await accessGate.end(await revokeSessions(em, { userId }))
 */
export async function revokeSessions(
  em: EntityManager,
  owner: { userId: number } | { companyId: number },
): Promise<string[]> {
  const [column, id] = 'userId' in owner ? ['user_id', owner.userId] : ['company_id', owner.companyId];
  const ended = await em
    .getConnection()
    .execute<{ id: string }[]>(
      `update auth_sessions set revoked_at = now(), updated_at = now() where ${column} = ? and revoked_at is null returning id`,
      [id],
    );
  return ended.map((s) => s.id);
}
