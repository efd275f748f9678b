import { AppError, type QueueRef } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { allOwned, type LinkTable, replaceLinks } from '../../db/sql-helpers.js';

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

const USER_QUEUES: LinkTable = {
  table: 'user_queues',
  ownerColumn: 'user_id',
  targetColumn: 'queue_id',
  targetTable: 'queues',
};

/** Refuses queue ids that are not the company's with 400 naming `queueIds`. */
export async function assertCompanyQueues(
  em: EntityManager,
  companyId: number,
  queueIds: number[],
): Promise<void> {
  if (!(await allOwned(em, 'queues', companyId, queueIds))) {
    throw new AppError('ERR_VALIDATION', 400, {
      fields: [{ path: 'queueIds', message: 'Unknown queue' }],
    });
  }
}

/** Makes the user's queues exactly `queueIds`. */
export const replaceUserQueues = (em: EntityManager, companyId: number, userId: number, queueIds: number[]) =>
  replaceLinks(em, USER_QUEUES, companyId, userId, queueIds);
