import type { ITicket } from '../tickets/ticket.entity.js';

/**
 * Whether the bot may answer again (the queue menu, the out-of-hours text), by the connection's limits (peer §2.1,
 * GB, with its minute quirk fixed): not once `maxUseBotQueues` answers were sent (0: no limit), and not within
 * `timeUseBotQueues` minutes of the last one (0: no pause).
 * @example mayAnswerAgain({ amountUsedBotQueues: 3, chatbotAt: null }, { maxUseBotQueues: 3, timeUseBotQueues: 0 }, new Date()) === false
 */
export function mayAnswerAgain(
  ticket: Pick<ITicket, 'amountUsedBotQueues' | 'chatbotAt'>,
  limits: { maxUseBotQueues?: number | null; timeUseBotQueues?: number | null },
  now: Date,
): boolean {
  const max = limits.maxUseBotQueues ?? 0;
  if (max > 0 && ticket.amountUsedBotQueues >= max) return false;
  const pause = limits.timeUseBotQueues ?? 0;
  if (pause > 0 && ticket.chatbotAt && now.getTime() < ticket.chatbotAt.getTime() + pause * 60_000)
    return false;
  return true;
}
