import type { MessageDto } from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import { CompanyMessagesPort } from '../messages/messages-port.js';
import { companyTimeZone } from './automation-facts.js';
import { renderVariables, ticketVariables } from './message-variables.js';

/**
 * Automatic texts start with U+200E (LEFT-TO-RIGHT MARK), as the peers' do (peer-server-behaviour conventions): the
 * inbound side can tell their echoes from what a person typed.
 */
export const AUTOMATIC_MARK = '\u200e';

/**
 * Sends one automatic text to a ticket's contact as Balcão itself (no user): its variables rendered at the kernel
 * clock's now in the company's time zone, marked, through MessagesPort, the door every message leaves by (stored with
 * its outbox row, delivered by the worker, shown live; kind `bot` in the event catalogue). Answers the message, or
 * null when the text rendered empty (nothing sent).
 */
export async function sendAutomatic(
  scope: Cradle,
  companyId: number,
  ticketId: number,
  template: string,
  /** Appended as written, after the variables are rendered (the menu's queue names). */
  literal = '',
  /** The contact's message it answers (quoted). */
  quotedMsgId?: number,
): Promise<MessageDto | null> {
  const vars = await ticketVariables(scope.em, companyId, ticketId, '');
  const body = renderVariables(template, {
    ...vars,
    now: scope.clock.now(),
    timeZone: companyTimeZone(companyId),
  });
  const text = `${body}${literal}`;
  if (!text.trim()) return null;
  return new CompanyMessagesPort(scope, companyId).send({
    ticketId,
    body: `${AUTOMATIC_MARK}${text}`,
    quotedMsgId,
  });
}
