import type { EntityManager } from '@mikro-orm/postgresql';
import { localDaysWhere } from '../../db/local-days.js';

/**
 * `GET /messages-allMe` (a dashboard figure): how many messages the company sent (`fromMe` true), received (false)
 * or both, in a period of its local days; private notes are not conversation and do not count.
 */
export async function countMessages(
  em: EntityManager,
  companyId: number,
  q: { fromMe?: boolean; dateStart?: string; dateEnd?: string },
): Promise<number> {
  const days = localDaysWhere('created_at', q.dateStart, q.dateEnd);
  const where = ['company_id = ?', 'not is_private', ...days.where];
  const params: unknown[] = [companyId, ...days.params];
  if (q.fromMe !== undefined) {
    where.push('from_me = ?');
    params.push(q.fromMe);
  }
  const [row] = await em
    .getConnection()
    .execute<{ count: string }[]>(
      `select count(*) as count from messages where ${where.join(' and ')}`,
      params,
    );
  return Number(row?.count ?? 0);
}
