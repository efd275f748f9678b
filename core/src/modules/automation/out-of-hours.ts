import type { InboundStage } from '../bots/inbound-stages.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { companySchedules, companyTimeZone, connectionFacts } from './automation-facts.js';
import { mayAnswerAgain } from './bot-limits.js';
import { sendAutomatic } from './send-automatic.js';
import { isOpenAt } from './working-hours.js';

/** Enters or leaves the out-of-hours mode: a change of mode starts the bot's count and pause again (peer §3, GB). */
function switchMode(ticket: ITicket, outOfHours: boolean): boolean {
  if (ticket.isOutOfHour === outOfHours) return false;
  ticket.isOutOfHour = outOfHours;
  ticket.amountUsedBotQueues = 0;
  ticket.chatbotAt = null;
  // Back in hours, the menu starts afresh: the next message is not read as an answer to it.
  if (!outOfHours) ticket.isBot = false;
  return true;
}

/**
 * Working hours (peer-server-behaviour §3, GB's company/connection handling), before any engine or menu. With the
 * company setting scheduleType `company` (the company's weekly rows, `PUT /companies/{id}/schedules`) or `connection`
 * (the connection's `schedules`), a message outside the hours on a waiting ticket nobody has gets the connection's
 * outOfHoursMessage instead of the menu, within maxUseBotQueues / timeUseBotQueues, and nothing else happens: the
 * ticket stays pending where it was (flagged isOutOfHour). `disabled` checks nothing. `queue` (each queue's hours) is
 * checked when a queue is chosen, with the queue chatbot trees (next increment): until then it checks nothing here.
 */
export const outOfHoursStage: InboundStage = {
  name: 'automation:working-hours',
  async beforeEngines({ scope, companyId, ticket, contact }) {
    if (ticket.status !== 'pending' || ticket.isGroup || ticket.userId != null || contact.disableBot)
      return 'continue';
    const type = await scope.settings.get(companyId, 'scheduleType');
    const conn = await connectionFacts(scope, companyId, ticket.whatsappId);
    const rows =
      type === 'company'
        ? await companySchedules(scope, companyId)
        : type === 'connection'
          ? (conn?.schedules ?? null)
          : null;
    const now = scope.clock.now();
    const outOfHours =
      (type === 'company' || type === 'connection') && !isOpenAt(rows, now, companyTimeZone(companyId));
    if (switchMode(ticket, outOfHours)) await scope.em.flush();
    if (!outOfHours) return 'continue';
    if (!mayAnswerAgain(ticket, conn ?? {}, now)) return 'stop';
    const text = conn?.outOfHoursMessage?.trim();
    if (text) await sendAutomatic(scope, companyId, ticket.id, text);
    ticket.amountUsedBotQueues += 1;
    ticket.chatbotAt = now;
    await scope.em.flush();
    return 'stop';
  },
};
