import type { ContactsPort, TicketsPort } from './domain-ports.js';

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
 * user, as `GET /api/contacts/:id` answers them.
 * @example const contact = await viewer.contacts.find(contactId)
 */
export type ViewerContacts = Pick<ContactsPort, 'find' | 'findByNumber'>;

/**
 * Reads that answer as the signed-in user of the request (`ctx.state.user`): the same visibility rule and LGPD masking
 * as core's REST answers to that user, one implementation. Use it when a plugin route shows core data to the user who
 * asked (a board, a side panel); use the company-bound ports (`tickets`, `contacts`) when the plugin acts for the
 * company. Only inside an authenticated route: in a job, a subscriber, a bot engine, onBoot or a public route there is
 * no signed-in user, and every call rejects with 403 ERR_NO_PERMISSION (its message says why).
 * @example
 * router.get('/board/tickets', async (ctx) => {
 *   ctx.body = await ctx.state.deps.viewer.tickets.list({ status: 'open' });
 * });
 */
export interface ViewerPort {
  tickets: ViewerTickets;
  contacts: ViewerContacts;
}
