import { AppError, type AuthUser, type EventsPort, type MessageDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Connection } from '../connections/connection.entity.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { TicketsService } from '../tickets/tickets-service.js';
import { Message } from './message.entity.js';
import { findMessageDto } from './message-queries.js';
import { asMessageMiss, type MessagesService } from './messages-service.js';
import { storeOutgoing } from './outgoing.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    messageReactions: MessageReactionsService;
  }
}

/** Messages that are not something a contact could see a reaction on. */
const NOT_REACTABLE = ['reactionMessage', 'call_log'];

/**
 * An attendant's reaction to a message of a conversation (`POST /api/messages/{messageId}/reactions`): stored as the
 * inbound ones are, a `reactionMessage` whose body is the emoji, here fromMe and quoting the message reacted to, and
 * sent through the outbox (action `react`) by the channel's react door. An empty emoji takes the reaction off.
 */
export class MessageReactionsService {
  private readonly em: EntityManager;
  private readonly tickets: TicketsService;
  private readonly messages: MessagesService;
  private readonly events: EventsPort;
  private readonly channels: ChannelRegistry;

  constructor(deps: {
    em: EntityManager;
    tickets: TicketsService;
    messages: MessagesService;
    events: EventsPort;
    channels: ChannelRegistry;
  }) {
    this.em = deps.em;
    this.tickets = deps.tickets;
    this.messages = deps.messages;
    this.events = deps.events;
    this.channels = deps.channels;
  }

  /**
   * Who may write in the ticket may react (the rules of sending a message: an open or group ticket they see, a
   * connection that reaches the contact, the channel's reply window); a ticket they do not see is a missing message.
   */
  async react(actor: AuthUser, messageId: number, emoji: string): Promise<MessageDto> {
    const target = await this.em.findOne(Message, { id: messageId });
    if (!target) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    await this.tickets.get(actor, { id: target.ticketId }).catch(asMessageMiss);
    if (target.isPrivate || target.isDeleted || NOT_REACTABLE.includes(target.mediaType))
      throw new AppError('ERR_MESSAGE_NOT_REACTABLE', 400);
    const ticket = await this.messages.writable(actor, target.ticketId, false);
    await this.assertChannelReacts(ticket.whatsappId);
    const id = await storeOutgoing(
      { em: this.em, events: this.events },
      {
        companyId: actor.companyId,
        ticket,
        userId: actor.id,
        body: emoji,
        mediaType: 'reactionMessage',
        quotedMsgId: target.id,
        delivery: 'react',
      },
    );
    const maskNumbers = await this.tickets.hidesNumbers(actor);
    return (await findMessageDto(this.em, actor.companyId, id, { maskNumbers })) as MessageDto;
  }

  /** The ticket's connection's channel has the react door; otherwise ERR_CHANNEL_CANNOT_REACT. */
  private async assertChannelReacts(whatsappId: number | null): Promise<void> {
    const connection = whatsappId ? await this.em.findOne(Connection, { id: whatsappId }) : null;
    if (!connection || typeof this.channels.get(connection.channel)?.react !== 'function')
      throw new AppError('ERR_CHANNEL_CANNOT_REACT', 400);
  }
}
