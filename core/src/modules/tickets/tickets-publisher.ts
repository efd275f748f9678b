import {
  type ContactPresence,
  companyChannel,
  HELD_STATUS,
  maskMessage,
  maskNumber,
  type RealtimePort,
  type TicketAudience,
  type TicketDto,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { preparedRows } from '../../db/prepared.js';
import { MESSAGE_SELECT, type MessageRow, toMessageDto } from '../messages/message-queries.js';
import {
  findTicketDto,
  TICKET_COLUMNS,
  TICKET_JOINS,
  type TicketRow,
  toTicketDtos,
} from './ticket-queries.js';
import { audienceOf, readTicketAudience } from './visibility.js';

interface MessageKey {
  companyId: number;
  ticketId: number;
  messageId: number;
}
type CreatedRow = TicketRow & { message: MessageRow | null };

/** The ticket as a socket that must not see numbers receives it. */
const masked = (t: TicketDto): TicketDto => ({
  ...t,
  contact: { ...t.contact, number: maskNumber(t.contact.number) },
});

/**
 * Realtime for tickets and their messages, after commit, only to sockets whose user may see the ticket.
 * Every frame naming a number has a masked twin; the hub chooses per socket (LGPD, spec part 1 §6).
 */
export class TicketsPublisher {
  private readonly orm: MikroORM;
  private readonly realtime: RealtimePort;

  /**
   * Every ingested message is published with its ticket: the reads asked for in one tick (a group-committed ingest
   * batch resolves together) go as one statement, each ticket with its message.
   */
  private readonly created = new DataLoader<MessageKey, CreatedRow | null>((keys) => this.readCreated(keys), {
    cache: false,
    maxBatchSize: 500,
  });

  constructor({ orm, realtime }: { orm: MikroORM; realtime: RealtimePort }) {
    this.orm = orm;
    this.realtime = realtime;
  }

  /** `previous`: where the ticket was, when a change moved it (its viewers there who lose it get a delete). */
  async ticketUpdated(
    companyId: number,
    ticketId: number,
    previous?: { userId: number | null; queueId: number | null },
  ): Promise<TicketDto | null> {
    const ticket = await findTicketDto(
      this.orm.em.fork(),
      companyId,
      { id: ticketId },
      { maskNumbers: false },
    );
    if (!ticket) return null;
    // A plugin's message waiting for the contact's answer is nobody's work yet (sendToContact holdUntilReply).
    if (ticket.status === HELD_STATUS) return ticket;
    const channel = companyChannel(companyId, 'ticket');
    // Who could see it before but not now gets a delete, so the ticket leaves their lists.
    if (previous)
      await this.realtime.publish({
        companyId,
        channel,
        data: { action: 'delete', ticketId },
        audience: { ...previous, isGroup: ticket.isGroup },
      });
    await this.realtime.publish({
      companyId,
      channel,
      data: { action: 'update', ticket },
      masked: { action: 'update', ticket: masked(ticket) },
      audience: audienceOf(ticket),
    });
    return ticket;
  }

  /** Spec: the notification list drops a ticket on `updateUnread`. */
  async unreadCleared(companyId: number, ticketId: number): Promise<void> {
    await this.toWhoSees(companyId, ticketId, 'ticket', { action: 'updateUnread', ticketId });
  }

  /** A contact typing or recording (spec part 1 §3 Ticket presence), to whoever may see their ticket. */
  async presence(companyId: number, ticketId: number, presence: ContactPresence): Promise<void> {
    await this.toWhoSees(companyId, ticketId, 'ticket', { action: 'presence', ticketId, presence });
  }

  async ticketDeleted(companyId: number, ticket: TicketAudience & { id: number }): Promise<void> {
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'ticket'),
      data: { action: 'delete', ticketId: ticket.id },
      audience: ticket,
    });
  }

  /** A message whose row went away (`message.removed`): open conversations drop it; `keptId` is the one it was. */
  async messageRemoved(
    companyId: number,
    ticketId: number,
    messageId: number,
    keptId: number,
  ): Promise<void> {
    await this.toWhoSees(companyId, ticketId, 'appMessage', {
      action: 'remove',
      messageId,
      ticketId,
      keptId,
    });
  }

  /** The ticket's messages changed anywhere in its history (`ticket.messages.changed`): open conversations reread. */
  async messagesChanged(companyId: number, ticketId: number): Promise<void> {
    await this.toWhoSees(companyId, ticketId, 'appMessage', { action: 'reload', ticketId });
  }

  /** Publishes a frame about a ticket to whoever may see it (its audience read now); nothing when it is gone. */
  private async toWhoSees(
    companyId: number,
    ticketId: number,
    topic: 'ticket' | 'appMessage',
    data: Record<string, unknown>,
  ): Promise<void> {
    const audience = await readTicketAudience(this.orm.em.fork(), companyId, ticketId);
    if (!audience) return;
    await this.realtime.publish({ companyId, channel: companyChannel(companyId, topic), data, audience });
  }

  async messageCreated(companyId: number, ticketId: number, messageId: number): Promise<void> {
    const row = await this.created.load({ companyId, ticketId, messageId });
    if (!row?.message) return;
    const [ticket] = toTicketDtos([row], { maskNumbers: false });
    if (ticket.status === HELD_STATUS) return; // as in ticketUpdated: no attendant hears of it yet
    const message = toMessageDto(row.message);
    const audience = audienceOf(ticket);
    const hidden = masked(ticket);
    // Published together: the bus sends both in one statement (the hub delivers locally in this order).
    await Promise.all([
      this.realtime.publish({
        companyId,
        channel: companyChannel(companyId, 'appMessage'),
        data: { action: 'create', message, ticket, contact: ticket.contact },
        masked: { action: 'create', message: maskMessage(message), ticket: hidden, contact: hidden.contact },
        audience,
      }),
      this.realtime.publish({
        companyId,
        channel: companyChannel(companyId, 'ticket'),
        data: { action: 'update', ticket },
        masked: { action: 'update', ticket: hidden },
        audience,
      }),
    ]);
  }

  /**
   * A message's new state (ack, edit, deletion, delivery failure or retry), to whoever may see its ticket now. The
   * message and its ticket's audience are read together.
   */
  async messageChanged(companyId: number, messageId: number): Promise<void> {
    const [row] = await preparedRows<
      MessageRow & { t_user: number | null; t_queue: number | null; t_group: boolean }
    >(
      this.orm.em.fork(),
      `select x.*, t.user_id as t_user, t.queue_id as t_queue, t.is_group as t_group
         from (${MESSAGE_SELECT} where m.company_id = ? and m.id = ?) x
         join tickets t on t.company_id = ? and t.id = x.ticket_id`,
      [companyId, messageId, companyId],
    );
    if (!row) return;
    const message = toMessageDto(row);
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'appMessage'),
      data: { action: 'update', message },
      masked: { action: 'update', message: maskMessage(message) },
      audience: { userId: row.t_user, queueId: row.t_queue, isGroup: row.t_group },
    });
  }

  private async readCreated(keys: readonly MessageKey[]): Promise<(CreatedRow | null)[]> {
    const rows = await preparedRows<CreatedRow & { message_id: string }>(
      this.orm.em.fork(),
      `select ${TICKET_COLUMNS}, k.message_id,
              (select row_to_json(x) from (${MESSAGE_SELECT} where m.company_id = t.company_id and m.id = k.message_id) x)
                as message
         from unnest(?::int[], ?::int[], ?::bigint[]) k(company_id, ticket_id, message_id)
         join tickets t on t.company_id = k.company_id and t.id = k.ticket_id ${TICKET_JOINS}`,
      [keys.map((k) => k.companyId), keys.map((k) => k.ticketId), keys.map((k) => k.messageId)],
    );
    const byMessage = new Map(rows.map((r) => [Number(r.message_id), r]));
    return keys.map((k) => byMessage.get(k.messageId) ?? null);
  }
}
