import type { ContactsPort, MessagesPort, TicketsPort } from './domain-ports.js';

// Reads that answer as the signed-in user (ARCHITECTURE "Packages that meet"): the company-bound ports answer as the
// company (every ticket, numbers unmasked); these answer exactly what core's own REST routes answer that user, through
// the same functions (the ticket-visibility rule of spec part 1 §6 and the LGPD masking of `lgpd.ts`).

/**
 * `TicketsPort`'s reads as the signed-in user sees them: only tickets they may see (their queues, their own, all for
 * an admin or with allTicket), numbers masked when the LGPD setting hides them from that user. `find` of a ticket
 * they may not see is null, as `GET /api/tickets/:id` answers 404.
 * @example const mine = await viewer.tickets.list({ status: 'open' })
 */
export type ViewerTickets = Pick<TicketsPort, 'find' | 'list'>;

/**
 * `ContactsPort`'s reads as the signed-in user sees them: numbers masked when the LGPD setting hides them from that
 * user, as `GET /api/contacts/:id` and the contacts screen (`GET /api/contacts`) answer them. `list` takes the company
 * port's filters (search, tagIds, channel, connectionId, the `beforeId` keyset, limit).
 * @example
 * const contact = await viewer.contacts.find(contactId);
 * const tagged = await viewer.contacts.list({ tagIds: [3], limit: 50 }); // numbers masked for an LGPD-hidden user
 */
export type ViewerContacts = Pick<ContactsPort, 'find' | 'findByNumber' | 'list'>;

/**
 * `MessagesPort`'s reads as the signed-in user sees them: only messages of tickets they may see (the rule of
 * `GET /api/messages/:ticketId`), numbers masked as that route masks them. A ticket they may not see (or that does not
 * exist) reads as one without messages: `list` is [] and `find` of one of its messages is null, where the REST route
 * answers 404. Reading marks nothing read (the conversation screen's opening does that, not a plugin's read).
 * @example
 * const page = await viewer.messages.list({ ticketId, limit: 50 }); // newest first
 * const older = await viewer.messages.list({ ticketId, beforeId: page[page.length - 1].id, limit: 50 });
 * const one = await viewer.messages.find(messageId); // null: not theirs to see
 */
export type ViewerMessages = Pick<MessagesPort, 'find' | 'list'>;

/**
 * Reads that answer as the signed-in user of the request (`ctx.state.user`): the same visibility rule and LGPD masking
 * as core's REST answers to that user, one implementation. Use it when a plugin route shows core data to the user who
 * asked (a board, a side panel); use the company-bound ports (`tickets`, `contacts`, `messages`) when the plugin acts
 * for the company. Only inside an authenticated route: in a job, a subscriber, a bot engine, onBoot or a public route
 * there is no signed-in user, and every call rejects with 403 ERR_NO_PERMISSION (its message says why).
 * @example
 * router.get('/board/tickets', async (ctx) => {
 *   ctx.body = await ctx.state.deps.viewer.tickets.list({ status: 'open' });
 * });
 */
export interface ViewerPort {
  tickets: ViewerTickets;
  contacts: ViewerContacts;
  messages: ViewerMessages;
}
