import type { TicketAudience } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

/** What decides which tickets a user sees (spec part 1 §6). */
export interface TicketAccess {
  userId: number;
  isAdmin: boolean;
  allTicket: boolean;
  allowGroup: boolean;
  queueIds: number[];
}

/**
 * Admins and users with allTicket see every ticket; allowGroup adds group tickets; everyone else sees the tickets
 * they own and the unassigned ones in their queues (or in no queue yet, so someone can pick them up).
 */
export function canSeeTicket(a: TicketAccess, t: TicketAudience): boolean {
  if (a.isAdmin || a.allTicket) return true;
  if (t.isGroup && a.allowGroup) return true;
  if (t.userId === a.userId) return true;
  if (t.userId !== null) return false;
  return t.queueId === null || a.queueIds.includes(t.queueId);
}

/** The same rule as SQL over alias `t`, for lists; `showAll` widens it only for who may see all. */
export function visibilitySql(a: TicketAccess): { sql: string; params: unknown[] } {
  if (a.isAdmin || a.allTicket) return { sql: 'true', params: [] };
  const queues = a.queueIds.length ? `t.queue_id in (${a.queueIds.map(() => '?').join(',')})` : 'false';
  const groups = a.allowGroup ? 't.is_group or ' : '';
  return {
    sql: `(${groups}t.user_id = ? or (t.user_id is null and (t.queue_id is null or ${queues})))`,
    params: [a.userId, ...a.queueIds],
  };
}

export async function loadTicketAccess(em: EntityManager, userId: number): Promise<TicketAccess> {
  const conn = em.getConnection();
  const [user] = await conn.execute<{ profile: string; all_ticket: string; allow_group: boolean }[]>(
    'select profile, all_ticket, allow_group from users where id = ?',
    [userId],
  );
  const queues = await conn.execute<{ queue_id: number }[]>(
    'select queue_id from user_queues where user_id = ?',
    [userId],
  );
  return {
    userId,
    isAdmin: user?.profile === 'admin',
    allTicket: user?.all_ticket === 'enable',
    allowGroup: user?.allow_group ?? false,
    queueIds: queues.map((q) => q.queue_id),
  };
}
