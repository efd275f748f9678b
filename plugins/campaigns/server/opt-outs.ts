import type { OptOutDto } from '../shared/opt-out.js';
import type { Ports } from './deps.js';

/** When the contact answered a stop word (the company's row), or null: campaigns may still message them. */
export async function optOutOf(em: Ports['em'], companyId: number, contactId: number): Promise<OptOutDto> {
  const [row] = await em.execute<{ created_at: Date }[]>(
    'select created_at from campaign_opt_outs where company_id = ? and contact_id = ?',
    [companyId, contactId],
  );
  return { contactId, optedOutAt: row ? new Date(row.created_at).toISOString() : null };
}
