import { AppError, channelTraits, reachesContact } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelRegistry } from '../conversations/outbound.js';

interface ReachRow {
  id: number;
  channel: string;
  is_default: boolean;
  contact_channel: string;
  known: boolean;
}

/**
 * The company's connections that can write to the contact, by their channels' declared reach (ChannelTraits.reaches):
 * default first, then by name. Empty when the contact is not the company's.
 * @example const ids = await reachingConnections(em, channels, 1, contactId)
 */
export async function reachingConnections(
  em: EntityManager,
  channels: ChannelRegistry,
  companyId: number,
  contactId: number,
): Promise<number[]> {
  const rows = await em.getConnection().execute<ReachRow[]>(
    `select w.id, w.channel, w.is_default, c.channel as contact_channel,
            exists (select 1 from tickets t where t.contact_id = c.id and t.whatsapp_id = w.id) as known
       from whatsapps w join contacts c on c.company_id = w.company_id
      where w.company_id = ? and c.id = ?
      order by w.is_default desc, w.name, w.id`,
    [companyId, contactId],
  );
  return rows.filter((r) => connectionReaches(channels, r)).map((r) => r.id);
}

/**
 * Whether a connection of channel `channel` can write to a contact of `contact_channel` (`known`: the contact has a
 * ticket on that connection), by the channels' declared reach. @example connectionReaches(channels, row)
 */
export function connectionReaches(
  channels: ChannelRegistry,
  r: { channel: string; contact_channel: string; known: boolean },
): boolean {
  return reachesContact(r.channel, channelTraits(channels.get(r.channel)), {
    channel: r.contact_channel,
    contactAddress: channelTraits(channels.get(r.contact_channel)).contactAddress,
    knownOnConnection: r.known,
  });
}

/**
 * Refuses (400 ERR_CONNECTION_CANNOT_REACH) a connection that cannot write to the contact: a phone number's ticket on
 * a web chat would show "delivered" and reach no one.
 */
export async function assertReaches(
  em: EntityManager,
  channels: ChannelRegistry,
  companyId: number,
  connectionId: number,
  contactId: number,
): Promise<void> {
  const reaching = await reachingConnections(em, channels, companyId, contactId);
  if (!reaching.includes(connectionId)) {
    throw new AppError('ERR_CONNECTION_CANNOT_REACH', 400, { whatsappId: connectionId });
  }
}

/**
 * The connection a new ticket for the contact goes on: the one asked for, when it reaches the contact (else 400
 * ERR_CONNECTION_CANNOT_REACH); without one, the company's default when it reaches the contact, else the first that
 * does. Null only for a company without connections; connections none of which reach the contact refuse (a phone
 * number with ERR_NO_PHONE_CONNECTION: add a WhatsApp connection).
 */
export async function connectionForTicket(
  em: EntityManager,
  channels: ChannelRegistry,
  companyId: number,
  contactId: number,
  asked: number | null | undefined,
): Promise<number | null> {
  const reaching = await reachingConnections(em, channels, companyId, contactId);
  if (asked) {
    if (!reaching.includes(asked))
      throw new AppError('ERR_CONNECTION_CANNOT_REACH', 400, { whatsappId: asked });
    return asked;
  }
  if (reaching[0] !== undefined) return reaching[0];
  const [any] = await em
    .getConnection()
    .execute('select 1 from whatsapps where company_id = ? limit 1', [companyId]);
  if (!any) return null;
  // A phone number with only web chats (or Meta pages): the fix is a WhatsApp line, so say that.
  if (await addressedByPhone(em, channels, companyId, contactId))
    throw new AppError('ERR_NO_PHONE_CONNECTION', 400);
  throw new AppError('ERR_CONNECTION_CANNOT_REACH', 400, { whatsappId: null });
}

async function addressedByPhone(
  em: EntityManager,
  channels: ChannelRegistry,
  companyId: number,
  contactId: number,
): Promise<boolean> {
  const [row] = await em
    .getConnection()
    .execute<{ channel: string }[]>('select channel from contacts where company_id = ? and id = ?', [
      companyId,
      contactId,
    ]);
  return row !== undefined && channelTraits(channels.get(row.channel)).contactAddress === 'phone';
}
