import { AppError, channelTraits } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelRegistry } from '../conversations/outbound.js';

/**
 * Refuses (400 ERR_OUTSIDE_REPLY_WINDOW, with `hours`) an attendant's message on a channel that lets replies through
 * only for some hours after the contact last wrote on that connection (ChannelTraits.replyWindowHours): the network
 * would refuse it later, in the outbox, where nobody sees why. Channels without a window pass at once.
 * @example await assertReplyWindow(em, channels, companyId, ticket.whatsappId, ticket.contactId)
 */
export async function assertReplyWindow(
  em: EntityManager,
  channels: ChannelRegistry,
  companyId: number,
  connectionId: number,
  contactId: number,
  now = new Date(),
): Promise<void> {
  const [connection] = await em
    .getConnection()
    .execute<{ channel: string }[]>('select channel from whatsapps where company_id = ? and id = ?', [
      companyId,
      connectionId,
    ]);
  const hours = connection ? channelTraits(channels.get(connection.channel)).replyWindowHours : null;
  if (hours === null) return;
  const [last] = await em.getConnection().execute<{ at: Date | null }[]>(
    `select max(created_at) as at from messages
      where company_id = ? and contact_id = ? and whatsapp_id = ? and not from_me`,
    [companyId, contactId, connectionId],
  );
  const lastInbound = last?.at ? new Date(last.at).getTime() : null;
  if (lastInbound === null || now.getTime() - lastInbound > hours * 3_600_000) {
    throw new AppError('ERR_OUTSIDE_REPLY_WINDOW', 400, { hours });
  }
}
