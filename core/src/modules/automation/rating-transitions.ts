import type { Cradle } from '../../kernel/container.js';
import type { ConnectionFacts } from '../connections/connection-facts.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { emitTransition } from '../tickets/ticket-events.js';
import { writeTicketLogs } from '../tickets/ticket-logs.js';
import type { TicketState } from '../tickets/ticket-transitions.js';
import { RATING_ACTOR } from './rating.js';
import { sendAutomatic } from './send-automatic.js';

const stateOf = (t: ITicket): TicketState => ({
  status: t.status,
  userId: t.userId ?? null,
  queueId: t.queueId ?? null,
});

/** The connection's complationMessage, if any: what ends every rating wait that closes the ticket (GB). */
export async function sendCompletion(
  scope: Cradle,
  ticket: ITicket,
  conn: Pick<ConnectionFacts, 'complationMessage'> | null,
): Promise<void> {
  const text = conn?.complationMessage?.trim();
  if (text) await sendAutomatic(scope, ticket.companyId, ticket.id, text);
}

/**
 * The wait is over and the ticket closes: rated, out of repeats ('closed'), or out of time ('autoClose', GB's log of a
 * timer's close). Nobody closed it (userId null, the log names the rating); its user and queue stay, and its tracking
 * keeps the attendance's end, when the attendant closed it. Attendants see the change live (`ticket.closed`).
 */
export async function closeWaiting(
  scope: Cradle,
  ticket: ITicket,
  log: 'closed' | 'autoClose',
): Promise<void> {
  const before = stateOf(ticket);
  ticket.status = 'closed';
  ticket.unreadMessages = 0;
  ticket.ratingAskedAt = null;
  ticket.amountUsedBotQueuesNps = 0;
  ticket.isBot = false;
  await scope.em.flush();
  await writeTicketLogs(scope.em, ticket, [{ type: log, userId: null, bot: RATING_ACTOR }]);
  await emitTransition(scope.events, ticket, 'close', before, stateOf(ticket), null);
}

/**
 * `!`: the contact wants the attendant back. The rating is dropped, and the ticket is open again with the same
 * attendant (pending in its queue if that user is gone), its attendance going on (not finished any more). Logged as a
 * reopen by the rating, shown live in the attendant's Open tab.
 */
export async function backToService(scope: Cradle, ticket: ITicket): Promise<void> {
  const before = stateOf(ticket);
  await scope.ticketRatings.withdraw(ticket.companyId, ticket.id);
  ticket.status = ticket.userId != null ? 'open' : 'pending';
  ticket.ratingAskedAt = null;
  ticket.amountUsedBotQueuesNps = 0;
  ticket.finishedAt = null;
  await scope.em.flush();
  await writeTicketLogs(scope.em, ticket, [{ type: 'reopen', userId: null, bot: RATING_ACTOR }]);
  await emitTransition(scope.events, ticket, 'reopen', before, stateOf(ticket), null);
}
