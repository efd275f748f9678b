import type { Cradle } from '../../kernel/container.js';
import type { InboundStage } from '../bots/inbound-stages.js';
import { connectionFacts } from '../connections/connection-facts.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { companySchedules, companyTimeZone, queueHours } from './automation-facts.js';
import { mayAnswerAgain } from './bot-limits.js';
import { sendAutomatic } from './send-automatic.js';
import { isOpenAt } from './working-hours.js';

/** Enters or leaves the out-of-hours mode: a change of mode starts the bot's count and pause again (peer §3, GB). */
export function switchMode(ticket: ITicket, outOfHours: boolean): boolean {
  if (ticket.isOutOfHour === outOfHours) return false;
  ticket.isOutOfHour = outOfHours;
  ticket.amountUsedBotQueues = 0;
  ticket.chatbotAt = null;
  // Back in hours, the menu starts afresh: the next message is not read as an answer to it.
  if (!outOfHours) ticket.isBot = false;
  return true;
}

/**
 * Whether the ticket is outside the service hours that apply to it now, and the text that says so: scheduleType
 * `company` (the company's weekly rows), `connection` (the connection's `schedules`, its outOfHoursMessage), `queue`
 * (the hours of the queue the ticket is in, its own outOfHoursMessage; a ticket with no queue yet is not checked:
 * the menu checks the queue chosen). `disabled`: never.
 */
export async function outsideHours(
  scope: Cradle,
  companyId: number,
  ticket: Pick<ITicket, 'queueId' | 'whatsappId'>,
): Promise<{ outOfHours: boolean; text: string | null }> {
  const type = await scope.settings.get(companyId, 'scheduleType');
  const zone = companyTimeZone(companyId);
  const now = scope.clock.now();
  if (type === 'queue') {
    if (ticket.queueId == null) return { outOfHours: false, text: null };
    const queue = await queueHours(scope, companyId, ticket.queueId);
    return {
      outOfHours: !isOpenAt(queue?.schedules ?? null, now, zone),
      text: queue?.outOfHoursMessage ?? null,
    };
  }
  if (type !== 'company' && type !== 'connection') return { outOfHours: false, text: null };
  const conn = await connectionFacts(scope, companyId, ticket.whatsappId);
  const rows = type === 'company' ? await companySchedules(scope, companyId) : (conn?.schedules ?? null);
  return { outOfHours: !isOpenAt(rows, now, zone), text: conn?.outOfHoursMessage ?? null };
}

/**
 * Working hours (peer-server-behaviour §3, GB's handling), before any engine or menu: a message outside the hours
 * (outsideHours) on a waiting ticket nobody has gets the out-of-hours text instead of the menu or the queue's tree,
 * within maxUseBotQueues / timeUseBotQueues, and nothing else happens: the ticket stays pending where it was (flagged
 * isOutOfHour). With scheduleType `queue` the menu also checks the queue a contact chooses (queue-menu.ts).
 */
export const outOfHoursStage: InboundStage = {
  name: 'automation:working-hours',
  async beforeEngines({ scope, companyId, ticket, contact }) {
    if (ticket.status !== 'pending' || ticket.isGroup || ticket.userId != null || contact.disableBot)
      return 'continue';
    const { outOfHours, text } = await outsideHours(scope, companyId, ticket);
    if (switchMode(ticket, outOfHours)) await scope.em.flush();
    if (!outOfHours) return 'continue';
    await answerOutOfHours(scope, companyId, ticket, text);
    return 'stop';
  },
};

/** The out-of-hours text, within the connection's maxUseBotQueues / timeUseBotQueues; counted like a menu. */
export async function answerOutOfHours(
  scope: Cradle,
  companyId: number,
  ticket: ITicket,
  text: string | null,
): Promise<void> {
  const now = scope.clock.now();
  const conn = await connectionFacts(scope, companyId, ticket.whatsappId);
  if (!mayAnswerAgain(ticket, conn ?? {}, now)) return;
  if (text?.trim()) await sendAutomatic(scope, companyId, ticket.id, text.trim());
  ticket.amountUsedBotQueues += 1;
  ticket.chatbotAt = now;
  await scope.em.flush();
}
