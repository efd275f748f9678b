import type { Cradle } from '../../kernel/container.js';
import { type ConnectionFacts, connectionFacts } from '../connections/connection-facts.js';
import { Contact } from '../contacts/contact.entity.js';
import type { CloseStep } from '../tickets/close-steps.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { emitTransition } from '../tickets/ticket-events.js';
import { writeTicketLogs } from '../tickets/ticket-logs.js';
import { applyTracking } from '../tickets/ticket-tracking.js';
import { companyTexts } from './customer-texts.js';
import { RATING_ACTOR, ratingFooter } from './rating.js';
import { scheduleRatingExpiry } from './rating-expiry.js';
import { sendAutomatic } from './send-automatic.js';

/**
 * The rating request: the connection's ratingMessage (variables rendered), the 0–10 scale unless the text states its
 * own, and the `!` line.
 */
export async function sendRatingRequest(scope: Cradle, ticket: ITicket, template: string): Promise<void> {
  const texts = await companyTexts(scope.settings, ticket.companyId);
  await sendAutomatic(scope, ticket.companyId, ticket.id, template, ratingFooter(template, texts));
}

/**
 * The closing rating takes over an attendant's close with farewell (peer §4.2 GB's rating path, spec part 2 setting
 * userRating) when the company's `userRating` is on, the connection has a ratingMessage, and the ticket is a private
 * conversation (open, not a group) of a contact whose bot is not disabled. A bot's close, "close all", a close without
 * farewell and the close of a ticket already waiting never ask.
 */
export const ratingCloseStep: CloseStep = {
  name: RATING_ACTOR,
  async insteadOfClose(scope, ticket, closerId) {
    if (ticket.status !== 'open' || ticket.isGroup) return false;
    if (!(await scope.settings.isEnabled(ticket.companyId, 'userRating'))) return false;
    const conn = await connectionFacts(scope, ticket.companyId, ticket.whatsappId);
    const template = conn?.ratingMessage?.trim();
    if (!conn || !template) return false;
    const contact = await scope.em.findOne(Contact, { id: ticket.contactId });
    if (!contact || contact.disableBot) return false;
    await askForRating(scope, ticket, conn, template, closerId);
    return true;
  },
};

/**
 * Asks the contact and leaves the ticket waiting (status nps) instead of closing it: the request is sent, the rating
 * marked asked (the dashboard counts it waiting), the attendance finished (the attendant's part is over), the log says
 * 'nps' (by the closer), and the ticket leaves the attendant's Open tab live. The contact's messages so far were the
 * attendant's: the turn's cursor passes them, so only answers to the request are read as ratings. With
 * `expiresTicketNPS` the wait gets its timer.
 */
async function askForRating(
  scope: Cradle,
  ticket: ITicket,
  conn: ConnectionFacts,
  template: string,
  closerId: number,
): Promise<void> {
  const before = { status: ticket.status, userId: ticket.userId ?? null, queueId: ticket.queueId ?? null };
  await sendRatingRequest(scope, ticket, template);
  await scope.ticketRatings.markAsked(ticket.companyId, ticket.id);
  const askedAt = scope.clock.now();
  applyTracking(ticket, 'close');
  ticket.status = 'nps';
  ticket.ratingAskedAt = askedAt;
  ticket.amountUsedBotQueuesNps = 1;
  ticket.userRating = null;
  ticket.unreadMessages = 0;
  await scope.em.flush();
  await scope.em.getConnection().execute(
    `update tickets set bot_cursor = greatest(coalesce(bot_cursor, 0),
       coalesce((select max(id) from messages where ticket_id = ? and not from_me), 0)) where id = ?`,
    [ticket.id, ticket.id],
  );
  await writeTicketLogs(scope.em, ticket, [{ type: 'nps', userId: closerId }]);
  await emitTransition(scope.events, ticket, 'edit', before, { ...before, status: ticket.status }, closerId);
  const minutes = conn.expiresTicketNps ?? 0;
  if (minutes > 0) await scheduleRatingExpiry(scope, ticket, askedAt, minutes);
}
