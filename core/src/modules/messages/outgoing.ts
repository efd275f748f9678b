import { type EventsPort, lastMessagePreview } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Ticket } from '../tickets/ticket.entity.js';
import type { TicketsPublisher } from '../tickets/tickets-publisher.js';
import { Message } from './message.entity.js';

/** What every message Balcão writes on a contact's behalf needs: attendants', forwards, greetings, farewells. */
export interface OutgoingMessage {
  companyId: number;
  ticket: { id: number; contactId: number; whatsappId: number | null; queueId: number | null };
  userId: number | null;
  body: string;
  isPrivate?: boolean;
  mediaType?: string;
  mediaUrl?: string | null;
  quotedMsgId?: number | null;
  isForwarded?: boolean;
}

/**
 * Stores one outgoing message (ack 0 until the channel confirms; private notes are read at once), updates the
 * ticket's preview, and announces it: the realtime event to attendants, and `message.created`, which queues its
 * delivery through the channel (outbound-wiring). Private notes never leave Balcão.
 */
export async function storeOutgoing(
  deps: { em: EntityManager; ticketsPublisher: TicketsPublisher; events: EventsPort },
  m: OutgoingMessage,
): Promise<number> {
  const { em } = deps;
  const message = em.create(Message, {
    companyId: m.companyId,
    ticketId: m.ticket.id,
    contactId: m.ticket.contactId,
    whatsappId: m.ticket.whatsappId,
    queueId: m.ticket.queueId,
    userId: m.userId,
    body: m.body,
    fromMe: true,
    read: true,
    ack: m.isPrivate ? 3 : 0,
    isPrivate: m.isPrivate ?? false,
    mediaType: m.mediaType ?? 'chat',
    mediaUrl: m.mediaUrl ?? null,
    quotedMsgId: m.quotedMsgId ?? null,
    isForwarded: m.isForwarded ?? false,
  });
  const ticket = await em.findOneOrFail(Ticket, { id: m.ticket.id });
  if (!m.isPrivate) ticket.lastMessage = lastMessagePreview(m);
  ticket.unreadMessages = 0;
  await em.flush();
  await deps.ticketsPublisher.messageCreated(m.companyId, m.ticket.id, message.id);
  await deps.events.emit('message.created', {
    companyId: m.companyId,
    ticketId: m.ticket.id,
    messageId: message.id,
    fromMe: true,
  });
  return message.id;
}
