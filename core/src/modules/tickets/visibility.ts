import type { TicketAudience } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';

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

export async function loadTicketAccess(em: EntityManager, userId: number): Promise<TicketAccess> {
  const [user] = await preparedRows<{
    profile: string;
    all_ticket: string;
    allow_group: boolean;
    queue_ids: number[];
  }>(
    em,
    `select u.profile, u.all_ticket, u.allow_group,
            array(select uq.queue_id from user_queues uq where uq.user_id = u.id) as queue_ids
       from (select ?::int as id) k left join users u on u.id = k.id`,
    [userId],
  );
  return {
    userId,
    isAdmin: user?.profile === 'admin',
    allTicket: user?.all_ticket === 'enable',
    allowGroup: user?.allow_group ?? false,
    queueIds: user?.queue_ids ?? [],
  };
}
