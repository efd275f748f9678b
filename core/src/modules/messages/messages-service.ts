import {
  AppError,
  type AuthUser,
  type EventsPort,
  type MessageDto,
  type MessageSendInput,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Ticket } from '../tickets/ticket.entity.js';
import type { TicketsPublisher } from '../tickets/tickets-publisher.js';
import type { TicketsService } from '../tickets/tickets-service.js';
import { canSeeTicket } from '../tickets/visibility.js';
import { User } from '../users/user.entity.js';
import { Message } from './message.entity.js';
import { findMessageDto, listMessages, ticketMessagePage } from './message-queries.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    messages: MessagesService;
  }
}

/** Spec part 1 §9: a private note's body is prefixed with the agent's name; a signature is the bold name and a newline. */
export const formatOutgoing = (
  agent: string,
  body: string,
  opts: { isPrivate: boolean; sign: boolean },
): string => (opts.isPrivate ? `${agent}: ${body}` : opts.sign ? `*${agent}:*\n${body}` : body);

/** A conversation's messages as attendants see and write them. */
export class MessagesService {
  private readonly em: EntityManager;
  private readonly tickets: TicketsService;
  private readonly publisher: TicketsPublisher;
  private readonly events: EventsPort;

  constructor(deps: {
    em: EntityManager;
    tickets: TicketsService;
    ticketsPublisher: TicketsPublisher;
    events: EventsPort;
  }) {
    this.em = deps.em;
    this.tickets = deps.tickets;
    this.publisher = deps.ticketsPublisher;
    this.events = deps.events;
  }

  /** Opening a conversation (its first page) reads it: unread clears, except on pending tickets, which stay new. */
  async list(
    actor: AuthUser,
    ticketId: number,
    pageNumber: number,
  ): Promise<{ messages: MessageDto[]; hasMore: boolean }> {
    // One query answers who may read, whether it is unread, and the page itself.
    const page = await ticketMessagePage(this.em, actor.companyId, actor.id, ticketId, pageNumber);
    if (!page || !canSeeTicket(page.access, page.ticket)) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const { ticket } = page;
    if (pageNumber === 1 && ticket.unreadMessages > 0 && ticket.status !== 'pending') {
      await this.em
        .getConnection()
        .execute('update messages set read = true where ticket_id = ? and not read and not from_me', [
          ticketId,
        ]);
      await this.em.nativeUpdate(Ticket, { id: ticketId }, { unreadMessages: 0 });
      await this.publisher.unreadCleared(actor.companyId, { id: ticketId, ...ticket });
      // The page read above predates the update: read it again so it shows the messages as read.
      return listMessages(this.em, actor.companyId, ticketId, pageNumber);
    }
    return { messages: page.messages, hasMore: page.hasMore };
  }

  /**
   * Stores an attendant's message (ack 0 until the channel confirms). Private notes never leave Balcão. Sending needs
   * an open or group ticket.
   */
  async send(actor: AuthUser, ticketId: number, input: MessageSendInput): Promise<MessageDto> {
    const view = await this.tickets.get(actor, { id: ticketId });
    if (view.status !== 'open' && view.status !== 'group') throw new AppError('ERR_TICKET_NOT_OPEN', 400);
    const agent = await this.em.findOneOrFail(User, { id: actor.id });
    if (input.quotedMsg && !(await this.em.findOne(Message, { id: input.quotedMsg.id, ticketId }))) {
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: 'quotedMsg', message: 'Unknown message' }],
      });
    }
    const body = formatOutgoing(agent.name, input.body.trim(), {
      isPrivate: input.isPrivate,
      sign: input.signMessage,
    });
    const message = this.em.create(Message, {
      companyId: actor.companyId,
      ticketId,
      contactId: view.contactId,
      whatsappId: view.whatsappId,
      queueId: view.queueId,
      userId: actor.id,
      body,
      fromMe: true,
      read: true,
      ack: input.isPrivate ? 3 : 0,
      isPrivate: input.isPrivate,
      quotedMsgId: input.quotedMsg?.id ?? null,
    });
    const ticket = await this.em.findOneOrFail(Ticket, { id: ticketId });
    if (!input.isPrivate) ticket.lastMessage = body.slice(0, 255);
    ticket.unreadMessages = 0;
    await this.em.flush();
    await this.publisher.messageCreated(actor.companyId, ticketId, message.id);
    await this.events.emit('message.created', {
      companyId: actor.companyId,
      ticketId,
      messageId: message.id,
      fromMe: true,
    });
    return (await findMessageDto(this.em, actor.companyId, message.id)) as MessageDto;
  }

  /** Only the attendant's own messages can be deleted; the message stays, marked deleted. */
  async remove(actor: AuthUser, id: number): Promise<void> {
    const message = await this.em.findOne(Message, { id });
    if (!message) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const view = await this.tickets.get(actor, { id: message.ticketId });
    if (!message.fromMe || message.userId !== actor.id) throw new AppError('ERR_NO_PERMISSION', 403);
    message.isDeleted = true;
    await this.em.flush();
    await this.publisher.messageUpdated(
      actor.companyId,
      { userId: view.userId, queueId: view.queueId, isGroup: view.isGroup },
      id,
      'update',
    );
  }
}
