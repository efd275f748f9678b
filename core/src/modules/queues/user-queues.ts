import { AppError, type QueueRef } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

// user_queues has no company column: every statement reaches the company through queues.company_id.

/**
 * The queues of each given user, in one query (a page of users never costs one query per user).
 * @example const byUser = await loadUserQueues(em, companyId, users.map((u) => u.id))
 */
export async function loadUserQueues(
  em: EntityManager,
  companyId: number,
  userIds: number[],
): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await em.execute<{ user_id: number; id: number; name: string; color: string }[]>(
    `select uq.user_id, q.id, q.name, q.color
       from user_queues uq join queues q on q.id = uq.queue_id
      where q.company_id = ? and uq.user_id in (?)
      order by q.order_queue nulls last, q.name`,
    [companyId, userIds],
  );
  for (const r of rows) byUser.get(r.user_id)?.push({ id: r.id, name: r.name, color: r.color });
  return byUser;
}

/** Refuses queue ids that are not the company's with 400 naming `queueIds`. */
export async function assertCompanyQueues(
  em: EntityManager,
  companyId: number,
  queueIds: number[],
): Promise<void> {
  const wanted = [...new Set(queueIds)];
  if (wanted.length === 0) return;
  const found = await em.execute<{ n: number }[]>(
    'select count(*)::int as n from queues where company_id = ? and id in (?)',
    [companyId, wanted],
  );
  if (found[0].n !== wanted.length) {
    throw new AppError('ERR_VALIDATION', 400, {
      fields: [{ path: 'queueIds', message: 'Unknown queue' }],
    });
  }
}

/** Makes the user's queues exactly `queueIds` (already checked with {@link assertCompanyQueues}). */
export async function replaceUserQueues(
  em: EntityManager,
  companyId: number,
  userId: number,
  queueIds: number[],
): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute(
      'delete from user_queues where user_id = ? and queue_id in (select id from queues where company_id = ?)',
      [userId, companyId],
    );
    if (queueIds.length === 0) return;
    // Selecting through queues keeps a queue deleted meanwhile (or another company's) out.
    await tx.execute(
      `insert into user_queues (user_id, queue_id)
       select ?, id from queues where company_id = ? and id in (?) on conflict do nothing`,
      [userId, companyId, [...new Set(queueIds)]],
    );
  });
}
