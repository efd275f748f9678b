import { companyChannel, type RealtimePort } from '@balcao/sdk';
import type { EventBus } from '../../events/event-bus.js';
import type { ContactsService } from './contacts-service.js';

/**
 * Contacts on the company's screens (`company-{id}-contact`), as a subscriber of the event catalogue: a created or
 * changed contact is read after the commit and published (with its masked twin); a deleted one goes by id.
 */
export function wireContactRealtime(
  events: Pick<EventBus, 'on'>,
  realtime: RealtimePort,
  contactsOf: (companyId: number) => ContactsService,
): void {
  for (const event of ['contact.created', 'contact.updated'] as const)
    events.on(event, ({ companyId, contactId }) => contactsOf(companyId).publishCurrent(contactId));
  events.on('contact.deleted', ({ companyId, contactId }) =>
    realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'contact'),
      data: { action: 'delete', contactId },
    }),
  );
}
