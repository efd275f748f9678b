import { companyChannel, type RealtimePort } from '@balcao/sdk';
import type { EventBus } from '../../events/event-bus.js';
import type { ContactsService } from './contacts-service.js';

/**
 * Contacts on the company's screens (`company-{id}-contact`), as a subscriber of the event catalogue: a created or
 * changed contact is read after the commit and published (with its masked twin); a deleted one goes by id, and of two
 * merged ones the one that went is deleted, the one left published, then a `merged` frame names both.
 */
export function wireContactRealtime(
  events: Pick<EventBus, 'on'>,
  realtime: RealtimePort,
  contactsOf: (companyId: number) => ContactsService,
): void {
  for (const event of ['contact.created', 'contact.updated'] as const)
    events.on(event, ({ companyId, contactId }) => contactsOf(companyId).publishCurrent(contactId));
  const deleted = (companyId: number, contactId: number) =>
    realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'contact'),
      data: { action: 'delete', contactId },
    });
  events.on('contact.deleted', ({ companyId, contactId }) => deleted(companyId, contactId));
  // Two contacts became one: the one that went leaves the screens, the one left shows what it gained, and an open
  // conversation of either reads its messages again (some moved into it).
  events.on('contact.merged', async ({ companyId, contactId, mergedContactId }) => {
    await deleted(companyId, mergedContactId);
    await contactsOf(companyId).publishCurrent(contactId);
    await realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'contact'),
      data: { action: 'merged', contactId, mergedContactId },
    });
  });
}
