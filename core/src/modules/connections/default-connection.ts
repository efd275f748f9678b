import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionRow } from '../conversations/conversations-service.js';

/**
 * The company's default connection (spec: a company keeps one while it has any — ERR_NO_OTHER_WHATSAPP), or null
 * when it has none: where a ticket created without a connection goes, and where "Import from phone" reads.
 */
export async function defaultConnectionRow(
  em: EntityManager,
  companyId: number,
): Promise<ConnectionRow | null> {
  const [row] = await em
    .getConnection()
    .execute<ConnectionRow[]>(
      'select * from whatsapps where company_id = ? and is_default order by id limit 1',
      [companyId],
    );
  return row ?? null;
}
