import { type AddressCheck, AppError, type Logger } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConnectionRow, toChannelConnection } from '../conversations/conversations-service.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { SessionManager } from '../sessions/session-manager.js';
import { normaliseNumber } from './contact-number.js';

export interface AddressCheckDeps {
  em: Pick<EntityManager, 'getConnection'>;
  channels: ChannelRegistry;
  sessions: Pick<SessionManager, 'call'>;
  logger: Logger;
}

/** What the channel said, and the error behind an `unknown` (checkedAddress rethrows a session's own). */
export type AskedAddress = { check: AddressCheck; error?: unknown };

/**
 * Asks a channel whether `number` exists there and how it writes it (ChannelDefinition.checkAddress; WhatsApp may
 * answer a Brazilian mobile without its ninth digit), through a CONNECTED connection of the company — of `channel`
 * when given, else of any loaded channel that can check — the default first. Never throws for the channel's sake:
 * a channel without the check, no connection able to ask now, no session owner answering, or the check failing is
 * `unknown` with its reason. The address answered is normalised as contacts' numbers are (digits for a phone channel).
 * @example await askAddress(deps, companyId, '5511999990000', 'whatsapp') // { check: { status: 'valid', address: '551199990000' } }
 */
export async function askAddress(
  deps: AddressCheckDeps,
  companyId: number,
  number: string,
  channel?: string,
): Promise<AskedAddress> {
  const kinds = channel
    ? [channel].filter((k) => deps.channels.get(k)?.checkAddress)
    : deps.channels
        .all()
        .filter((c) => c.checkAddress)
        .map((c) => c.kind);
  if (kinds.length === 0) return { check: { status: 'unknown', reason: 'no-check' } };
  const [row] = await deps.em.getConnection().execute<ConnectionRow[]>(
    `select * from whatsapps where company_id = ? and channel in (${kinds.map(() => '?').join(', ')})
        and status = 'CONNECTED' order by is_default desc, id limit 1`,
    [companyId, ...kinds],
  );
  if (!row) return { check: { status: 'unknown', reason: 'no-connection' } };
  const connection = toChannelConnection(row);
  let found: string | null;
  try {
    found = await deps.sessions.call(connection, 'checkAddress', { address: number });
  } catch (err) {
    // No session owner to ask (503) or none answering (504): the session's state, not WhatsApp failing the check.
    const session =
      err instanceof AppError &&
      (err.code === 'ERR_SESSION_UNAVAILABLE' || err.code === 'ERR_SESSION_TIMEOUT');
    if (!session) deps.logger.warn({ err, connectionId: connection.id }, 'address check failed');
    return {
      check: { status: 'unknown', reason: session ? 'session-unavailable' : 'check-failed' },
      error: err,
    };
  }
  if (!found) return { check: { status: 'invalid' } };
  return { check: { status: 'valid', address: normaliseNumber(found, row.channel, false, deps.channels) } };
}

/**
 * The address an attendant typed for a new contact, as the channel knows it (askAddress through the contact's
 * channel); a channel without the check, or with no connection able to ask now, keeps the number as typed — contacts
 * can still be written down while the phone is offline. No account: 400 ERR_WAPP_INVALID_CONTACT; no session owner
 * answering: its own 503/504; the check failing: 502 ERR_WAPP_CHECK_CONTACT.
 * @example const number = await checkedAddress(deps, companyId, 'whatsapp', '5511999990000')
 */
export async function checkedAddress(
  deps: AddressCheckDeps,
  companyId: number,
  channel: string,
  number: string,
): Promise<string> {
  const { check, error } = await askAddress(deps, companyId, number, channel);
  if (check.status === 'valid') return check.address;
  if (check.status === 'invalid') throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
  if (check.reason === 'session-unavailable') throw error;
  if (check.reason === 'check-failed') throw new AppError('ERR_WAPP_CHECK_CONTACT', 502);
  return number;
}
