import type { Cradle } from '../../kernel/container.js';
import type { InboundContext, InboundStage } from '../bots/inbound-stages.js';
import { connectionFacts } from '../connections/connection-facts.js';
import { Contact } from '../contacts/contact.entity.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { emitTransition } from '../tickets/ticket-events.js';
import { writeTicketLogs } from '../tickets/ticket-logs.js';
import type { TicketState } from '../tickets/ticket-transitions.js';
import { mayAnswerAgain } from './bot-limits.js';
import { companyTexts, textsIn } from './customer-texts.js';
import { sendAutomatic } from './send-automatic.js';

/** What the ticket log names behind the consent flow's entries, and the stage's name. */
export const LGPD_ACTOR = 'automation:lgpd';

/** The fixed consent question every prompt ends with (GB's text in pt-BR; the company's language is used). */
export const LGPD_CONSENT = textsIn('pt-BR').lgpdConsent;

/** The contact's answer to the prompt: 1 accepts, 2 refuses, anything else is no answer. */
export function consentAnswer(body: string): 'accept' | 'refuse' | undefined {
  const answer = body.trim();
  if (!/^\d{1,4}$/.test(answer)) return undefined;
  const n = Number(answer);
  return n === 1 ? 'accept' : n === 2 ? 'refuse' : undefined;
}

const stateOf = (t: ITicket): TicketState => ({
  status: t.status,
  userId: t.userId ?? null,
  queueId: t.queueId ?? null,
});

/**
 * The LGPD consent flow (peer-server-behaviour §6, GB's), the first of the turn's stages: before the closing rating,
 * working hours, the engines and the menu.
 * - A new private ticket nobody has (the contact's first message on it) enters the flow when the company enabled
 *   LGPD with a message, and the contact never accepted or lgpdConsent asks on every ticket: status `lgpd` (log
 *   `lgpd`), and the contact gets lgpdMessage, lgpdLink and the consent question, one message each.
 * - While the ticket waits (status lgpd) nothing else answers: `1` accepts (contact's and ticket's lgpdAcceptedAt),
 *   the ticket becomes pending and the same message goes on to the hours and the menu; `2` sends complationMessage
 *   and closes; anything else repeats the prompt within maxUseBotQueues / timeUseBotQueues.
 * - LGPD switched off (or its message cleared) meanwhile: the waiting ticket goes on as pending.
 */
export const lgpdStage: InboundStage = {
  name: LGPD_ACTOR,
  async beforeEngines(ctx) {
    if (ctx.ticket.status === 'lgpd') return answer(ctx);
    if (!(await startsConsent(ctx))) return 'continue';
    await enterConsent(ctx);
    return 'stop';
  },
};

/**
 * The ticket's LGPD texts, or null while LGPD is off or has no message (no consent flow then). The company's
 * enableLGPD decides whether consent is asked; the ticket's connection's own lgpdMessage and lgpdLink, each when set,
 * replace the company's (a choice of ours: the peers keep LGPD in company settings only).
 */
async function lgpdTexts(
  scope: Cradle,
  companyId: number,
  whatsappId: number | null | undefined,
): Promise<{ message: string; link: string } | null> {
  if (!(await scope.settings.isEnabled(companyId, 'enableLGPD'))) return null;
  const conn = await connectionFacts(scope, companyId, whatsappId);
  const own = (text: string | null | undefined) => text?.trim() ?? '';
  const message = own(conn?.lgpdMessage) || (await scope.settings.get(companyId, 'lgpdMessage')).trim();
  if (!message) return null;
  const link = own(conn?.lgpdLink) || (await scope.settings.get(companyId, 'lgpdLink')).trim();
  return { message, link };
}

/** Whether this message opens the consent flow on its ticket (peer §1.3's openAsLGPD, §6 "Start"). */
async function startsConsent({
  scope,
  companyId,
  ticket,
  contact,
  messageId,
}: InboundContext): Promise<boolean> {
  const t = ticket;
  if (t.status !== 'pending' || t.isGroup || t.userId != null || t.botHandoffAt != null) return false;
  if (t.lgpdAcceptedAt != null || t.lgpdSendMessageAt != null || contact.disableBot) return false;
  if (!(await lgpdTexts(scope, companyId, t.whatsappId))) return false;
  if (contact.lgpdAcceptedAt != null && !(await scope.settings.isEnabled(companyId, 'lgpdConsent')))
    return false;
  // Only a new ticket: the contact's first message on it (a ticket already talking is not stopped midway).
  const earlier = await scope.em
    .getConnection()
    .execute<{ id: string }[]>(
      'select id from messages where ticket_id = ? and id < ? and not from_me and not is_private limit 1',
      [t.id, messageId],
    );
  return earlier.length === 0;
}

async function enterConsent(ctx: InboundContext): Promise<void> {
  const { scope, ticket } = ctx;
  const before = stateOf(ticket);
  ticket.status = 'lgpd';
  ticket.isBot = true;
  ticket.amountUsedBotQueues = 0;
  ticket.chatbotAt = null;
  await scope.em.flush();
  await writeTicketLogs(scope.em, ticket, [{ type: 'lgpd', userId: null, bot: LGPD_ACTOR }]);
  // Out of the Pending lists, live (only Show all's Pending keeps it, spec §8).
  await emitTransition(scope.events, ticket, 'edit', before, stateOf(ticket), null);
  await sendPrompt(ctx);
}

/** lgpdMessage, lgpdLink (if set) and the consent question, one message each, counted like a menu. */
async function sendPrompt({ scope, companyId, ticket }: InboundContext): Promise<void> {
  const texts = await lgpdTexts(scope, companyId, ticket.whatsappId);
  if (!texts) return;
  const { lgpdConsent } = await companyTexts(scope.settings, companyId);
  for (const text of [texts.message, texts.link, lgpdConsent])
    if (text) await sendAutomatic(scope, companyId, ticket.id, text);
  const now = scope.clock.now();
  ticket.lgpdSendMessageAt = now;
  ticket.chatbotAt = now;
  ticket.amountUsedBotQueues += 1;
  await scope.em.flush();
}

async function answer(ctx: InboundContext): Promise<'stop' | 'continue'> {
  const { scope, companyId, ticket } = ctx;
  if (!(await lgpdTexts(scope, companyId, ticket.whatsappId))) {
    await leaveConsent(ctx, false);
    return 'continue';
  }
  const choice = consentAnswer(ctx.body);
  if (choice === 'accept') {
    await leaveConsent(ctx, true);
    return 'continue';
  }
  const conn = await connectionFacts(scope, companyId, ticket.whatsappId);
  if (choice === 'refuse') {
    const farewell = conn?.complationMessage?.trim();
    if (farewell) await sendAutomatic(scope, companyId, ticket.id, farewell);
    ticket.lgpdSendMessageAt = null;
    await scope.ticketBotActions.close(ticket, LGPD_ACTOR);
    return 'stop';
  }
  if (mayAnswerAgain(ticket, conn ?? {}, scope.clock.now())) await sendPrompt(ctx);
  return 'stop';
}

/**
 * The ticket leaves the flow, pending and nobody's, with the menu's count started again (the menu then greets the
 * contact as on a first message): accepted (the contact's and the ticket's lgpdAcceptedAt), or LGPD switched off.
 */
async function leaveConsent({ scope, companyId, ticket, contact }: InboundContext, accepted: boolean) {
  const before = stateOf(ticket);
  const now = scope.clock.now();
  if (accepted) {
    contact.lgpdAcceptedAt = now;
    ticket.lgpdAcceptedAt = now;
  }
  ticket.status = 'pending';
  ticket.lgpdSendMessageAt = null;
  ticket.amountUsedBotQueues = 0;
  ticket.chatbotAt = null;
  ticket.isBot = false;
  await scope.em.flush();
  // The turn's contact is plain facts (bots/inbound-stages.ts): written here, as a flush of the entity would.
  if (accepted)
    await scope.em.nativeUpdate(
      Contact,
      { id: contact.id, companyId },
      { lgpdAcceptedAt: now, updatedAt: now },
    );
  await emitTransition(scope.events, ticket, 'edit', before, stateOf(ticket), null);
  if (accepted) await scope.events.emit('contact.updated', { companyId, contactId: contact.id });
}
