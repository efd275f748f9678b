import type { InboundContext, InboundStage } from '../bots/inbound-stages.js';
import { connectionFacts } from '../connections/connection-facts.js';
import { companyTexts } from './customer-texts.js';
import {
  BACK_TO_SERVICE,
  RATING_ACTOR,
  ratingOf,
  ratingRequestLimit,
  rowRatingOf,
  scaleOf,
} from './rating.js';
import { sendRatingRequest } from './rating-request.js';
import { backToService, closeWaiting, sendCompletion } from './rating-transitions.js';
import { sendAutomatic } from './send-automatic.js';

/**
 * The contact's answers to the closing rating (peer §4.5, GB's flow on a ticket in status nps), first of the turn's
 * stages: a ticket waiting for its rating hears nothing else (no hours text, engine or menu).
 * - a rating on the request's scale (0–10 unless its text states another) is recorded as 0–10 (ticket_ratings for the dashboard, the ticket's 1–5 userRating for its row), the
 *   connection's complationMessage is sent, and the ticket closes;
 * - `!` gives the ticket back to its attendant, open, and says so (TZ);
 * - anything else sends "Opção inválida" and the request again, until `maxUseBotQueuesNPS` requests were sent in all;
 *   the next one closes the ticket without rating, with the complationMessage.
 */
export const ratingStage: InboundStage = {
  name: RATING_ACTOR,
  async beforeEngines(ctx) {
    if (ctx.ticket.status !== 'nps') return 'continue';
    await answer(ctx);
    return 'stop';
  },
};

async function answer(ctx: InboundContext): Promise<void> {
  const { scope, companyId, ticket } = ctx;
  const conn = await connectionFacts(scope, companyId, ticket.whatsappId);
  if (ctx.body.trim() === BACK_TO_SERVICE) {
    // Said first: once open, the ticket is the attendant's (and the turn is over for whoever waits on it).
    await sendAutomatic(
      scope,
      companyId,
      ticket.id,
      (await companyTexts(scope.settings, companyId)).serviceReopened,
    );
    await backToService(scope, ticket);
    return;
  }
  // Read on the scale the connection's ratingMessage states ("de 1 a 5"), else NPS 0–10; stored as 0–10.
  const rate = ratingOf(ctx.body, scaleOf(conn?.ratingMessage));
  if (rate !== undefined) {
    await scope.ticketRatings.record(companyId, ticket.id, rate);
    ticket.userRating = rowRatingOf(rate);
    await sendCompletion(scope, ticket, conn);
    await closeWaiting(scope, ticket, 'closed');
    return;
  }
  const template = conn?.ratingMessage?.trim();
  if (template && ticket.amountUsedBotQueuesNps < ratingRequestLimit(conn?.maxUseBotQueuesNps)) {
    const { ratingInvalid } = await companyTexts(scope.settings, companyId);
    await sendRatingRequest(scope, ticket, `${ratingInvalid}\n\n${template}`);
    ticket.amountUsedBotQueuesNps += 1;
    await scope.em.flush();
    return;
  }
  await scope.ticketRatings.withdraw(companyId, ticket.id);
  await sendCompletion(scope, ticket, conn);
  await closeWaiting(scope, ticket, 'closed');
}
