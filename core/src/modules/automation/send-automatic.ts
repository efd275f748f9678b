import type { MessageDto } from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import type { ConnectionFacts } from '../connections/connection-facts.js';
import { ownCopyOfMedia, ownMediaType } from '../messages/media-storage.js';
import { CompanyMessagesPort } from '../messages/messages-port.js';
import { companyTimeZone } from './automation-facts.js';
import { companyTexts } from './customer-texts.js';
import { renderVariables, ticketVariables } from './message-variables.js';

/**
 * Automatic texts start with U+200E (LEFT-TO-RIGHT MARK), as the peers' do (peer-server-behaviour conventions): the
 * inbound side can tell their echoes from what a person typed.
 */
export const AUTOMATIC_MARK = '\u200e';

/** The template with its variables rendered at the kernel clock's now, in the company's time zone, then `literal`. */
async function renderAutomatic(
  scope: Cradle,
  companyId: number,
  ticketId: number,
  template: string,
  literal: string,
): Promise<string> {
  const vars = await ticketVariables(scope.em, companyId, ticketId, '');
  const body = renderVariables(template, {
    ...vars,
    now: scope.clock.now(),
    timeZone: companyTimeZone(companyId),
    texts: await companyTexts(scope.settings, companyId),
  });
  return `${body}${literal}`;
}

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
  const text = await renderAutomatic(scope, companyId, ticketId, template, literal);
  if (!text.trim()) return null;
  return new CompanyMessagesPort(scope, companyId).send({
    ticketId,
    body: `${AUTOMATIC_MARK}${text}`,
    quotedMsgId,
  });
}

/**
 * The connection's greeting (a one-queue connection's, or the queue menu with its list): with greeting media
 * (`greetingMediaAttachment`, peer §2.1), ONE media message with the rendered text as its caption; without, or when
 * the file is no longer in the company's store, the text alone (the missing file logged).
 */
export async function sendGreeting(
  scope: Cradle,
  companyId: number,
  ticketId: number,
  conn: Pick<ConnectionFacts, 'id' | 'greetingMediaAttachment'>,
  template: string,
  literal = '',
): Promise<MessageDto | null> {
  const url = conn.greetingMediaAttachment;
  const type = url ? await ownMediaType(scope.config.dataDir, companyId, url) : null;
  if (url && !type)
    scope.logger.warn(
      { companyId, whatsappId: conn.id, url },
      'greeting media missing: greeting sent as text',
    );
  // The message gets a name of its own for the file: replacing or removing the connection's media later leaves the
  // greetings already sent (and those still waiting in the outbox) with theirs.
  const own = url && type ? await ownCopyOfMedia(scope.config.dataDir, companyId, url) : null;
  if (!own) return sendAutomatic(scope, companyId, ticketId, template, literal);
  const text = await renderAutomatic(scope, companyId, ticketId, template, literal);
  return new CompanyMessagesPort(scope, companyId).send({
    ticketId,
    body: text.trim() ? `${AUTOMATIC_MARK}${text}` : '',
    media: { url: own, type: type as 'image' | 'video' | 'application' | 'audio' },
  });
}
