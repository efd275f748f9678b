import { AppError } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Small reads the ticket rules need, kept out of TicketsService (how a search reads: search-shape.ts). */

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
