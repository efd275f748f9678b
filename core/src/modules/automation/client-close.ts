import type { InboundContext } from '../bots/inbound-stages.js';
import type { ConnectionFacts } from '../connections/connection-facts.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { type CustomerTexts, textsIn } from './customer-texts.js';
import { sendAutomatic } from './send-automatic.js';
import { QUEUE_MENU_ACTOR } from './ticket-routing.js';

/** The last line of the queue menu and of every chatbot level in pt-BR (GB's wording); other languages: customer-texts.ts. */
export const SAIR_LINE = textsIn('pt-BR').exitLine;

/**
 * Whether the contact's message is the "sair" command: the word alone, in any case, spaces around it allowed — "sair"
 * or the company language's own word ("exit", "salir", "çıkış"). A sentence that contains it ("quero sair daqui") is
 * not: it is an answer like any other.
 * @example isSair(' SAIR ') === true; isSair('posso sair?') === false; isSair('Exit', textsIn('en')) === true
 */
export function isSair(body: string, texts: Pick<CustomerTexts, 'exitWord'> = textsIn('pt-BR')): boolean {
  // Compared in capitals: Turkish "ÇIKIŞ" lower-cases to a dotted i outside a Turkish locale, but "çıkış" upper-cases to it.
  const word = body.trim().toUpperCase();
  return word === 'SAIR' || word === texts.exitWord.toUpperCase();
}

/**
 * Whether the queue menu or a queue's chatbot tree is the one talking to the contact (it listed the "Sair" line):
 * the bot holds the ticket (isBot), and either its tree is running or the menu was sent and no queue chosen yet.
 */
export function botListedSair(t: ITicket): boolean {
  return t.isBot && (t.chatbot || (t.queueId == null && t.chatbotAt != null));
}

/**
 * "sair" (peer §2.1 step 3, §2.2, GB): the contact ends the conversation. The connection's complationMessage (with the
 * message variables) is sent first, then the ticket closes as a bot's close: no farewell or rating, the count at 0,
 * the attendance finished (tracking), log 'clientClosed', seen live.
 */
export async function closeByContact(ctx: InboundContext, conn: ConnectionFacts): Promise<void> {
  const { scope, companyId, ticket } = ctx;
  const farewell = conn.complationMessage?.trim();
  if (farewell) await sendAutomatic(scope, companyId, ticket.id, farewell);
  ticket.chatbot = false;
  ticket.chatbotOptionId = null;
  ticket.chatbotAt = null;
  await scope.ticketBotActions.close(ticket, QUEUE_MENU_ACTOR, 'clientClosed');
}
