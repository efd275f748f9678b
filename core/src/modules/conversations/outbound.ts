import type { ChannelDefinition, ChannelSendContext, Logger, RealtimePort } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TicketsPublisher } from '../tickets/tickets-publisher.js';
import { toChannelConnection } from './conversations-service.js';

/** Channel adapters contributed by plugins, by kind. */
export class ChannelRegistry {
  private readonly channels = new Map<string, ChannelDefinition>();

  add(channel: ChannelDefinition): void {
    this.channels.set(channel.kind, channel);
  }

  get(kind: string): ChannelDefinition | undefined {
    return this.channels.get(kind);
  }
}

interface OutboundRow {
  body: string;
  media_type: string;
  media_url: string | null;
  ticket_id: number;
  created_at: Date;
  is_private: boolean;
  from_me: boolean;
  user_id: number | null;
  external_id: string | null;
  number: string;
  ticket_user: number | null;
  queue_id: number | null;
  is_group: boolean;
}

interface OutboundDeps {
  orm: MikroORM;
  channels: ChannelRegistry;
  realtime: RealtimePort;
  ticketsPublisher: TicketsPublisher;
  logger: Logger;
}

/**
 * An attendant's message with its contact, connection and channel adapter, or null when it never leaves Balcão:
 * private notes and messages that did not come from an attendant (Chatwoot's rule: never send notes or echoes). A
 * channel without an adapter is logged.
 */
async function outboundOf(
  deps: OutboundDeps,
  companyId: number,
  messageId: number,
): Promise<{ row: OutboundRow; adapter: ChannelDefinition; ctx: ChannelSendContext } | null> {
  const conn = deps.orm.em.getConnection();
  const [row] = await conn.execute<OutboundRow[]>(
    `select m.body, m.media_type, m.media_url, m.ticket_id, m.created_at, m.is_private, m.from_me, m.user_id,
            m.external_id, c.number, t.user_id as ticket_user, t.queue_id, t.is_group
       from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
      where m.company_id = ? and m.id = ?`,
    [companyId, messageId],
  );
  if (!row || row.is_private || !row.from_me || row.user_id === null) return null;
  const [connection] = await conn.execute<Parameters<typeof toChannelConnection>[0][]>(
    'select w.* from whatsapps w join tickets t on t.whatsapp_id = w.id where t.id = ?',
    [row.ticket_id],
  );
  const adapter = connection && deps.channels.get(connection.channel);
  if (!connection || !adapter) {
    deps.logger.warn({ messageId, channel: connection?.channel }, 'no channel adapter for this message');
    return null;
  }
  return { row, adapter, ctx: { connection: toChannelConnection(connection), realtime: deps.realtime } };
}

/** Delivers an attendant's message through its ticket's channel and records the ack (0 until then). */
export async function deliverOutbound(
  deps: OutboundDeps,
  companyId: number,
  messageId: number,
): Promise<void> {
  const found = await outboundOf(deps, companyId, messageId);
  if (!found) return;
  const { row, adapter, ctx } = found;
  const result = await adapter.send(
    {
      messageId,
      ticketId: row.ticket_id,
      to: row.number,
      body: row.body,
      createdAt: new Date(row.created_at).toISOString(),
      mediaType: row.media_type,
      mediaUrl: row.media_url,
    },
    ctx,
  );
  await deps.orm.em
    .getConnection()
    .execute('update messages set ack = ?, external_id = coalesce(?, external_id) where id = ?', [
      result.ack,
      result.externalId ?? null,
      messageId,
    ]);
  await deps.ticketsPublisher.messageUpdated(
    companyId,
    { userId: row.ticket_user, queueId: row.queue_id, isGroup: row.is_group },
    messageId,
    'update',
  );
}

/** Takes back from the contact a message the attendant deleted, where the channel can (ChannelDefinition.retract). */
export async function retractOutbound(
  deps: OutboundDeps,
  companyId: number,
  messageId: number,
): Promise<void> {
  const found = await outboundOf(deps, companyId, messageId);
  if (!found?.adapter.retract) return;
  const { row, adapter, ctx } = found;
  await adapter.retract?.(
    { messageId, ticketId: row.ticket_id, to: row.number, externalId: row.external_id },
    ctx,
  );
}
