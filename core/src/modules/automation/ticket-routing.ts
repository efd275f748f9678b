import type { Cradle } from '../../kernel/container.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { emitTransition } from '../tickets/ticket-events.js';
import { writeTicketLogs } from '../tickets/ticket-logs.js';
import type { TicketState } from '../tickets/ticket-transitions.js';

/** What the ticket log names behind the automation's entries (the `bot` of an entry no user made). */
export const QUEUE_MENU_ACTOR = 'automation:queue-menu';

const stateOf = (t: ITicket): TicketState => ({
  status: t.status,
  userId: t.userId ?? null,
  queueId: t.queueId ?? null,
});

/**
 * The menu was sent: one more use counted, its time stamped, the bot talking (isBot). The first time, the log says
 * the chatbot took the ticket ('chatBot') and attendants see the change live.
 */
export async function menuSent(scope: Cradle, ticket: ITicket): Promise<void> {
  const first = !ticket.isBot;
  ticket.amountUsedBotQueues += 1;
  ticket.chatbotAt = scope.clock.now();
  ticket.isBot = true;
  await scope.em.flush();
  if (!first) return;
  await writeTicketLogs(scope.em, ticket, [{ type: 'chatBot', userId: null, bot: QUEUE_MENU_ACTOR }]);
  await emitTransition(scope.events, ticket, 'edit', stateOf(ticket), stateOf(ticket), null);
}

/**
 * The contact chose a queue (or the connection has only one): the ticket waits there, pending, for an attendant of
 * that queue; the menu's count starts again. It is not a hand-off to humans (botHandoffAt stays empty): a queue's own
 * chatbot may still take the ticket. Logged as 'queue', shown live to the queue's attendants.
 */
export async function routeToQueue(scope: Cradle, ticket: ITicket, queueId: number): Promise<void> {
  const before = stateOf(ticket);
  ticket.queueId = queueId;
  ticket.status = 'pending';
  ticket.amountUsedBotQueues = 0;
  ticket.chatbotAt = null;
  ticket.isBot = false;
  await scope.em.flush();
  await writeTicketLogs(scope.em, ticket, [{ type: 'queue', userId: null, bot: QUEUE_MENU_ACTOR }]);
  await emitTransition(scope.events, ticket, 'transferToQueue', before, stateOf(ticket), null);
}

/** "#": the contact leaves the queue the menu put them in (or its chatbot tree), back to the menu (which is then sent again). */
export async function backToMenu(scope: Cradle, ticket: ITicket): Promise<void> {
  const before = stateOf(ticket);
  ticket.queueId = null;
  ticket.chatbot = false;
  ticket.chatbotOptionId = null;
  ticket.amountUsedBotQueues = 0;
  ticket.chatbotAt = null;
  await scope.em.flush();
  await emitTransition(scope.events, ticket, 'edit', before, stateOf(ticket), null);
}
