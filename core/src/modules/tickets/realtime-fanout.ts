import type { EventBus } from '../../events/event-bus.js';
import type { TicketsPublisher } from './tickets-publisher.js';

/**
 * Realtime fan-out as a subscriber of the event catalogue (ARCHITECTURE "Data flow", step 4): services commit and
 * emit; the frames attendants' screens follow (`company-{id}-ticket`, `company-{id}-appMessage`) are published here,
 * each to whoever may see the ticket, read as of after the commit. No service calls the publisher itself.
 */
export function wireTicketFanout(events: Pick<EventBus, 'on'>, publisher: TicketsPublisher): void {
  // A new message carries its ticket: one frame of each (a new ticket opened by a contact comes this way).
  events.on('message.created', ({ companyId, ticketId, messageId }) =>
    publisher.messageCreated(companyId, ticketId, messageId),
  );
  for (const event of [
    'message.ack',
    'message.edited',
    'message.deleted',
    'message.delivery',
    'message.media',
  ] as const)
    events.on(event, ({ companyId, messageId }) => publisher.messageChanged(companyId, messageId));
  events.on('message.removed', ({ companyId, ticketId, messageId, keptId }) =>
    publisher.messageRemoved(companyId, ticketId, messageId, keptId),
  );
  events.on('ticket.messages.changed', ({ companyId, ticketId }) =>
    publisher.messagesChanged(companyId, ticketId),
  );
  events.on('ticket.updated', async ({ companyId, ticketId, previous }) => {
    await publisher.ticketUpdated(companyId, ticketId, previous);
  });
  // Its tags (own or its contact's) changed: the ticket as it is now, so lists and the kanban move it.
  events.on('ticket.tags.changed', async ({ companyId, ticketId }) => {
    await publisher.ticketUpdated(companyId, ticketId);
  });
  events.on('ticket.deleted', ({ companyId, ticketId, was }) =>
    publisher.ticketDeleted(companyId, { id: ticketId, ...was }),
  );
  events.on('ticket.read', ({ companyId, ticketId }) => publisher.unreadCleared(companyId, ticketId));
  events.on('contact.presence', ({ companyId, ticketId, presence }) =>
    publisher.presence(companyId, ticketId, presence),
  );
}
