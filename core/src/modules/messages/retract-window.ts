import { AppError, channelTraits } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelRegistry } from '../conversations/outbound.js';

/** The message as the rule reads it: whether the channel has it (its id there), where and when it was sent. */
export interface SentMessage {
  externalId?: string | null;
  whatsappId?: number | null;
  createdAt: Date;
}

/**
 * Refuses (400 ERR_FETCH_WAPP_MSG, the message too old, with `hours`) deleting a message the channel can no longer
 * take back from the contact (ChannelTraits.retractWithinHours; WhatsApp: 60 hours): deleted here, the contact would
 * still read it. A message the channel never had (not sent, or failed) can always be deleted.
 * @example await assertRetractable(em, channels, companyId, message)
 */
export async function assertRetractable(
  em: EntityManager,
  channels: ChannelRegistry,
  companyId: number,
  message: SentMessage,
  now = new Date(),
): Promise<void> {
  if (!message.externalId || message.whatsappId == null) return;
  const [connection] = await em
    .getConnection()
    .execute<{ channel: string }[]>('select channel from whatsapps where company_id = ? and id = ?', [
      companyId,
      message.whatsappId,
    ]);
  const hours = connection ? channelTraits(channels.get(connection.channel)).retractWithinHours : null;
  if (hours !== null && now.getTime() - message.createdAt.getTime() > hours * 3_600_000) {
    throw new AppError('ERR_FETCH_WAPP_MSG', 400, { hours });
  }
}
