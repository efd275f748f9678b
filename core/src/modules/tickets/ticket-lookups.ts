import { AppError } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRows } from '../../db/prepared.js';
import { likeTerm } from '../../db/sql-helpers.js';

/** Small reads the ticket rules need, kept out of TicketsService. */

/** Past this many expected message hits, a ticket search walks the list instead of gathering the hits. */
const COMMON_TERM_MESSAGES = 10_000;

/**
 * Whether the planner expects a term in more than COMMON_TERM_MESSAGES messages (its trigram statistics, read by
 * EXPLAIN without running anything): then the list is walked in order rather than built from every hit.
 */
export async function isCommonInMessages(
  em: EntityManager,
  companyId: number,
  searchParam: string,
): Promise<boolean> {
  const [row] = await plainRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    em,
    'explain (format json) select 1 from messages m where m.company_id = ? and m.body ilike ?',
    [companyId, `%${likeTerm(searchParam)}%`],
  );
  return (row?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0) > COMMON_TERM_MESSAGES;
}

/** Whether the contact carries any tag (the requiredTag rule). */
export async function contactHasTags(em: EntityManager, contactId: number): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute('select 1 from contact_tags where contact_id = ? limit 1', [contactId]);
  return rows.length > 0;
}

/** A queue, connection or user id given in a request must be one of the company's: otherwise a field error. */
export async function assertOwned(
  em: EntityManager,
  table: 'queues' | 'whatsapps' | 'users',
  id: number | null | undefined,
  companyId: number,
): Promise<void> {
  if (!id) return;
  const rows = await em
    .getConnection()
    .execute(`select 1 from ${table} where id = ? and company_id = ?`, [id, companyId]);
  if (!rows.length) {
    const path = { queues: 'queueId', whatsapps: 'whatsappId', users: 'userId' }[table];
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path, message: 'Unknown' }] });
  }
}
