import { AppError, type Logger, type RealtimePort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConnectionRow, toChannelConnection } from '../conversations/conversations-service.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { SessionManager } from '../sessions/session-manager.js';
import { normaliseNumber } from './contact-number.js';

export interface AddressCheckDeps {
  em: EntityManager;
  channels: ChannelRegistry;
  realtime: RealtimePort;
  sessions: Pick<SessionManager, 'call'>;
  dataDir: string;
  logger: Logger;
}

/**
 * The address an attendant typed for a new contact, as the channel knows it (ChannelDefinition.checkAddress; WhatsApp
 * may answer a Brazilian mobile without its ninth digit). Asked through a CONNECTED connection of the contact's
 * channel (the default first); a channel without the check, or with no connection able to ask now, keeps the number
 * as typed — contacts can still be written down while the phone is offline. No account: 400 ERR_WAPP_INVALID_CONTACT;
 * the check failing: 502 ERR_WAPP_CHECK_CONTACT.
 * @example const number = await checkedAddress(deps, companyId, 'whatsapp', '5511999990000')
 */
export async function checkedAddress(
  deps: AddressCheckDeps,
  companyId: number,
  channel: string,
  number: string,
): Promise<string> {
  const adapter = deps.channels.get(channel);
  if (!adapter?.checkAddress) return number;
  const [row] = await deps.em.getConnection().execute<ConnectionRow[]>(
    `select * from whatsapps where company_id = ? and channel = ? and status = 'CONNECTED'
        order by is_default desc, id limit 1`,
    [companyId, channel],
  );
  if (!row) return number;
  const connection = toChannelConnection(row);
  let found: string | null;
  try {
    found = await deps.sessions.call(connection, 'checkAddress', { address: number });
  } catch (err) {
    // No session owner to ask (503) or none answering (504): said as such, not as WhatsApp failing the check.
    if (
      err instanceof AppError &&
      (err.code === 'ERR_SESSION_UNAVAILABLE' || err.code === 'ERR_SESSION_TIMEOUT')
    )
      throw err;
    deps.logger.warn({ err, connectionId: connection.id }, 'contact address check failed');
    throw new AppError('ERR_WAPP_CHECK_CONTACT', 502);
  }
  if (!found) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
  return normaliseNumber(found, channel, false, deps.channels);
}
