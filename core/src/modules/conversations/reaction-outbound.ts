import { AppError } from '@balcao/sdk';
import { channelOfTicket, DeliveryError, type OutboundDeps, recordDelivered } from './outbound.js';

interface ReactionRow {
  ticket_id: number;
  body: string;
  number: string;
  is_deleted: boolean;
  target_external_id: string | null;
  target_from_me: boolean;
  target_body: string;
  target_participant: string | null;
}

/**
 * Sends an attendant's reaction (a stored `reactionMessage` quoting its target) through the ticket's channel
 * (ChannelDefinition.react) and records the ack as a send's. The target's channel id is read now, not when the
 * reaction was stored: an attendant's message queued before it in the same ticket has been sent by then (the worker
 * keeps a ticket's deliveries in order). A target the channel still does not know fails the attempt (retried, then
 * shown as not delivered) with ERR_FETCH_WAPP_MSG.
 */
export async function reactOutbound(
  deps: OutboundDeps,
  companyId: number,
  messageId: number,
  idempotencyKey: string,
): Promise<void> {
  const [row] = await deps.orm.em.getConnection().execute<ReactionRow[]>(
    `select m.ticket_id, m.body, c.number, m.is_deleted, q.external_id as target_external_id,
            q.from_me as target_from_me, q.body as target_body, q.participant as target_participant
       from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
       join messages q on q.id = m.quoted_msg_id and q.company_id = m.company_id
      where m.company_id = ? and m.id = ? and m.from_me and not m.is_private and m.media_type = 'reactionMessage'`,
    [companyId, messageId],
  );
  if (!row || row.is_deleted) return;
  const { adapter, ctx } = await channelOfTicket(deps, row.ticket_id);
  if (!adapter.react) throw new DeliveryError(`The ${ctx.connection.channel} channel cannot react`);
  if (!row.target_external_id) throw new AppError('ERR_FETCH_WAPP_MSG', 409, { messageId });
  const result = await adapter.react(
    {
      messageId,
      ticketId: row.ticket_id,
      to: row.number,
      emoji: row.body,
      target: {
        externalId: row.target_external_id,
        fromMe: row.target_from_me,
        body: row.target_body,
        participant: row.target_participant,
      },
      idempotencyKey,
    },
    ctx,
  );
  await recordDelivered(deps, companyId, row.ticket_id, messageId, result, ctx.connection.id);
}
