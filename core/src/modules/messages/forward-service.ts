import {
  AppError,
  type AuthUser,
  type EventsPort,
  type MessageDto,
  type MessageForwardInput,
  type SettingsPort,
  type TicketDto,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { assertConnectionOffered } from '../connections/channel-plan.js';
import { reachingConnections } from '../connections/connection-reach.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { PlanGate } from '../plans/plan-gate.js';
import { Ticket } from '../tickets/ticket.entity.js';
import type { TicketsService } from '../tickets/tickets-service.js';
import { audienceOf } from '../tickets/visibility.js';
import { User } from '../users/user.entity.js';
import { Message } from './message.entity.js';
import { findMessageDto } from './message-queries.js';
import { asMessageMiss, formatOutgoing, signsMessage } from './messages-service.js';
import { storeOutgoing } from './outgoing.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    messageForward: MessageForwardService;
  }
}

/** `POST /api/message/forward`: a copy of one message into another contact's conversation. */
export class MessageForwardService {
  private readonly em: EntityManager;
  private readonly tickets: TicketsService;
  private readonly events: EventsPort;
  private readonly settings: SettingsPort;
  private readonly channels: ChannelRegistry;
  private readonly planGate: PlanGate;

  constructor(deps: {
    em: EntityManager;
    tickets: TicketsService;
    events: EventsPort;
    settings: SettingsPort;
    channels: ChannelRegistry;
    planGate: PlanGate;
  }) {
    this.channels = deps.channels;
    this.planGate = deps.planGate;
    this.settings = deps.settings;
    this.em = deps.em;
    this.tickets = deps.tickets;
    this.events = deps.events;
  }

  /**
   * The actor must see the message's ticket. The copy goes to the contact's current (not closed) ticket, or to a new
   * open one of the actor on the source ticket's connection when it reaches the contact (else the connection a new
   * ticket would take: TicketsService.create); media reuse the stored file (files are never changed,
   * so sharing is safe). Private notes and deleted messages are not forwarded: a note must never reach a contact.
   */
  async forward(actor: AuthUser, input: MessageForwardInput): Promise<MessageDto> {
    const source = await this.em.findOne(Message, { id: input.messageId, companyId: actor.companyId });
    if (!source) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    const from = await this.tickets.get(actor, { id: source.ticketId }).catch(asMessageMiss);
    if (source.isPrivate || source.isDeleted) {
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: 'messageId', message: 'This message cannot be forwarded' }],
      });
    }
    const target = await this.targetTicket(actor, input.contactId, from.whatsappId);
    const { em, channels, planGate } = this;
    await assertConnectionOffered({ em, channels, planGate }, actor.companyId, target.whatsappId);
    const agent = await this.em.findOneOrFail(User, { id: actor.id });
    const isCard = source.mediaType === 'contactMessage';
    // A card's vCard text stays intact; a message the agent already signed is not signed twice.
    const signed = source.body.startsWith(`*${agent.name}:*\n`);
    const body =
      isCard || signed || !(await signsMessage(this.settings, actor.companyId, input.signMessage))
        ? source.body
        : formatOutgoing(agent.name, source.body, { isPrivate: false, sign: true });
    const id = await storeOutgoing(
      { em: this.em, events: this.events },
      {
        companyId: actor.companyId,
        ticket: target,
        userId: actor.id,
        body,
        mediaType: source.mediaType,
        mediaUrl: source.mediaUrl ?? null,
        isForwarded: true,
      },
    );
    const maskNumbers = await this.tickets.hidesNumbers(actor);
    return (await findMessageDto(this.em, actor.companyId, id, { maskNumbers })) as MessageDto;
  }

  private async targetTicket(
    actor: AuthUser,
    contactId: number,
    whatsappId: number | null,
  ): Promise<Pick<TicketDto, 'id' | 'contactId' | 'whatsappId' | 'queueId'>> {
    // A visitor's message forwarded to a phone number does not go out over the web chat it came from.
    const reaching = await reachingConnections(this.em, this.channels, actor.companyId, contactId);
    const on = whatsappId !== null && reaching.includes(whatsappId) ? whatsappId : null;
    try {
      // Forwarding is not the New-ticket dialog: its queue rule (spec §5) does not stop the copy.
      return await this.tickets.create(
        actor,
        { contactId, whatsappId: on, status: 'open' },
        { queueRequired: false },
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'ERR_OTHER_OPEN_TICKET') throw err;
      // The contact already has a ticket in progress (possibly created concurrently): the copy goes there.
      const open = await this.em.findOneOrFail(
        Ticket,
        { contactId, companyId: actor.companyId, status: { $ne: 'closed' } },
        { orderBy: { updatedAt: 'desc' } },
      );
      // The copy lands in that ticket only for one who may see it (the ticket reads' rule): a ticket of a queue the
      // attendant is not in, or another attendant's, answers 404 as reading it would, and nothing is stored.
      if (!(await this.tickets.canSee(actor, audienceOf(open))))
        throw new AppError('ERR_NO_TICKET_FOUND', 404);
      return {
        id: open.id,
        contactId: open.contactId,
        whatsappId: open.whatsappId ?? null,
        queueId: open.queueId ?? null,
      };
    }
  }
}
