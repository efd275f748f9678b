import { DEFAULT_COMPANY_SETTINGS } from '@balcao/sdk';
import type { InboundContext } from '../bots/inbound-stages.js';
import { companyTexts } from './customer-texts.js';
import { assignTicket, availableAttendants, queuePosition } from './queue-attendants.js';
import { sendAutomatic } from './send-automatic.js';

/** What the ticket log names behind a userRandom assignment. */
export const USER_RANDOM_ACTOR = 'automation:user-random';

/** The position's text when the company left `sendQueuePositionMessage` empty (pt-BR; others in customer-texts.ts). */
export const DEFAULT_QUEUE_POSITION_MESSAGE = DEFAULT_COMPANY_SETTINGS.sendQueuePositionMessage;

/**
 * The ticket now waits in `queueId` for an attendant (the menu's choice, or a one-queue connection; no chatbot tree):
 * - `userRandom` on (default, peer §2.1: GB's official path) and an attendant of the queue available (profile user,
 *   online, in working hours): the ticket is given to one of them at random, open (queue-attendants.ts);
 * - otherwise, `sendQueuePosition` on: the contact hears `sendQueuePositionMessage` and their place, ` *N*` (peer §2.1
 *   step 6, §5.5), once: it is not updated later. A contact whose bot is disabled hears nothing.
 */
export async function afterQueued(ctx: InboundContext, queueId: number): Promise<void> {
  const { scope, companyId, ticket, contact } = ctx;
  if (await scope.settings.isEnabled(companyId, 'userRandom')) {
    const attendants = await availableAttendants(scope, companyId, queueId);
    const pick = attendants[Math.floor(Math.random() * attendants.length)];
    if (pick) {
      await assignTicket(scope, ticket, pick.id, USER_RANDOM_ACTOR);
      return;
    }
  }
  if (contact.disableBot || !(await scope.settings.isEnabled(companyId, 'sendQueuePosition'))) return;
  const position = await queuePosition(scope, companyId, queueId);
  const text = (await scope.settings.get(companyId, 'sendQueuePositionMessage')).trim();
  // The seeded pt-BR text counts as none: a company in another language hears its own.
  const own = text && text !== DEFAULT_QUEUE_POSITION_MESSAGE ? text : '';
  const fallback = (await companyTexts(scope.settings, companyId)).queuePosition;
  await sendAutomatic(scope, companyId, ticket.id, own || fallback, ` *${position}*`);
}
