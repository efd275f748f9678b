import type { EventsPort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A new contact by one INSERT (its number already normalised), announced with `contact.created` as ContactsService
 * announces a created one, but not read back: for callers that need the id alone (a campaign creating thousands).
 * Null when the number was taken meanwhile (the unique index decided a race): the caller looks it up.
 * @example const id = await insertContact({ em, events }, 1, { name: 'Ana', number: '5511999990000', channel: 'whatsapp' })
 */
export async function insertContact(
  deps: { em: EntityManager; events: Pick<EventsPort, 'emit'> },
  companyId: number,
  c: { name: string; number: string; channel: string; email?: string | null },
): Promise<number | null> {
  const [row] = await deps.em.execute<{ id: number }[]>(
    `insert into contacts (company_id, name, number, channel, email, created_at, updated_at)
     values (?, ?, ?, ?, ?, now(), now()) on conflict do nothing returning id`,
    [companyId, c.name, c.number, c.channel, c.email ?? null],
  );
  if (!row) return null;
  await deps.events.emit('contact.created', { companyId, contactId: row.id });
  return row.id;
}
