import { type EventsPort, lastMessagePreview } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Ticket } from '../tickets/ticket.entity.js';
import { Message } from './message.entity.js';
import { enqueueDelivery } from './outbox.js';

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
  /** An audio recorded in the conversation, not an audio file. */
  voiceNote?: boolean;
  /** How it leaves: 'send' (default), or 'react' for a reaction (the channel's react door, quotedMsgId its target). */
  delivery?: 'send' | 'react';
}

/** What storing an outgoing message needs: the scope's entity manager and the bus its event goes out on. */
export interface OutgoingDeps {
  em: EntityManager;
  events: EventsPort;
}

/** The ticket fields an outgoing message carries, from a ticket row or entity. */
export const outgoingTicket = (t: {
  id: number;
  contactId: number;
  whatsappId?: number | null;
  queueId?: number | null;
}): OutgoingMessage['ticket'] => ({
  id: t.id,
  contactId: t.contactId,
  whatsappId: t.whatsappId ?? null,
  queueId: t.queueId ?? null,
});

/**
 * Stores one outgoing message (ack 0 until the channel confirms; private notes are read at once), updates the
 * ticket's preview and, unless it is a private note, queues its delivery in the outbox — all in one transaction, so
 * a message is never stored without its delivery nor delivered without being stored (the delivery worker sends it,
 * outbox-worker.ts). Then `message.created` announces it: its subscribers wake the delivery worker and tell attendants. A message without a
 * user (a greeting, a bot's answer) leaves the same way. Private notes never leave Balcão.
 */
export async function storeOutgoing(deps: OutgoingDeps, m: OutgoingMessage): Promise<number> {
  const messageId = await deps.em.transactional((em) => writeOutgoing(em, m));
  await announceOutgoing(deps.events, m, messageId);
  return messageId;
}

/**
 * storeOutgoing's writes inside the caller's transaction (the message, the ticket's preview, the outbox row), for a
 * caller that writes more in the same transaction (sendToContact's idempotency key); it announces the message with
 * announceOutgoing after its commit. @example const id = await em.transactional((tx) => writeOutgoing(tx, m))
 */
export async function writeOutgoing(em: EntityManager, m: OutgoingMessage): Promise<number> {
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
    voiceNote: m.voiceNote ?? false,
  });
  const ticket = await em.findOneOrFail(Ticket, { id: m.ticket.id });
  // A reaction taken off (empty) changes nothing the ticket list shows.
  const takenOff = m.mediaType === 'reactionMessage' && !m.body;
  if (!m.isPrivate && !takenOff) ticket.lastMessage = lastMessagePreview(m);
  // A person writing has read the conversation; Balcão's own texts (the queue menu, a bot's answer) have not: a
  // waiting ticket keeps its unread count for the attendants.
  if (m.userId !== null) ticket.unreadMessages = 0;
  await em.flush();
  if (!m.isPrivate) await enqueueDelivery(em, m.companyId, message.id, m.delivery ?? 'send');
  return message.id;
}

/** `message.created` for a stored outgoing message, after its transaction committed (wakes the delivery worker). */
export async function announceOutgoing(
  events: EventsPort,
  m: OutgoingMessage,
  messageId: number,
): Promise<void> {
  await events.emit('message.created', {
    companyId: m.companyId,
    ticketId: m.ticket.id,
    messageId,
    contactId: m.ticket.contactId,
    fromMe: true,
    kind: m.isPrivate ? 'note' : m.userId === null ? 'bot' : 'outbound',
    mediaType: m.mediaType ?? 'chat',
  });
}
