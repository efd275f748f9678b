import {
  AppError,
  type AuthUser,
  buildVCard,
  type EventsPort,
  type MessageDto,
  type MessageMediaFields,
  type MessageSendInput,
  type SettingsPort,
  type TicketDto,
  type VCardContact,
  type VCardInput,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../kernel/config.js';
import { assertConnectionOffered } from '../connections/channel-plan.js';
import { assertReaches } from '../connections/connection-reach.js';
import { Contact } from '../contacts/contact.entity.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { PlanGate } from '../plans/plan-gate.js';
import { Ticket } from '../tickets/ticket.entity.js';
import type { TicketsService } from '../tickets/tickets-service.js';
import { canSeeTicket } from '../tickets/visibility.js';
import { User } from '../users/user.entity.js';
import {
  assertAcceptable,
  ownMediaType,
  PRIVATE_MEDIA_BODY,
  storeMedia,
  type UploadedFile,
  uncaptionedBody,
} from './media-storage.js';
import { Message } from './message.entity.js';
import { findMessageDto, listMessages, ticketMessagePage } from './message-queries.js';
import { enqueueReadReceipts, retryDelivery, withdrawDelivery } from './outbox.js';
import { storeOutgoing } from './outgoing.js';
import { assertReplyWindow } from './reply-window.js';
import { assertRetractable } from './retract-window.js';

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

/**
 * Whether a message goes signed: the attendant asked (the composer's toggle) and the company signs messages at all
 * (setting sendSignMessage; disabled, the toggle is not shown and nothing is signed).
 */
export const signsMessage = async (settings: SettingsPort, companyId: number, asked: boolean | undefined) =>
  Boolean(asked) && (await settings.isEnabled(companyId, 'sendSignMessage'));

/**
 * A message on a ticket the actor may not see is, to them, a message that does not exist: the answer names the
 * message, never its ticket. @example await tickets.get(actor, { id }).catch(asMessageMiss)
 */
export const asMessageMiss = (err: unknown): never => {
  throw err instanceof AppError && err.code === 'ERR_NO_TICKET_FOUND'
    ? new AppError('ERR_NO_MESSAGE_FOUND', 404)
    : err;
};

/** A conversation's messages as attendants see and write them. */
export class MessagesService {
  private readonly em: EntityManager;
  private readonly tickets: TicketsService;
  private readonly events: EventsPort;
  private readonly settings: SettingsPort;
  private readonly dataDir: string;
  private readonly channels: ChannelRegistry;
  private readonly planGate: PlanGate;

  constructor(deps: {
    em: EntityManager;
    tickets: TicketsService;
    events: EventsPort;
    settings: SettingsPort;
    config: Config;
    channels: ChannelRegistry;
    planGate: PlanGate;
  }) {
    this.channels = deps.channels;
    this.planGate = deps.planGate;
    this.settings = deps.settings;
    this.dataDir = deps.config.dataDir;
    this.em = deps.em;
    this.tickets = deps.tickets;
    this.events = deps.events;
  }

  /** Opening a conversation (its first page) reads it: unread clears, except on pending tickets, which stay new. */
  async list(
    actor: AuthUser,
    ticketId: number,
    pageNumber: number,
    queueIds: readonly number[] = [],
  ): Promise<{ messages: MessageDto[]; hasMore: boolean }> {
    // One query answers who may read, whether it is unread, and the page itself.
    const page = await ticketMessagePage(this.em, actor.companyId, actor.id, ticketId, pageNumber, queueIds);
    if (!page || !canSeeTicket(page.access, page.ticket)) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const { ticket } = page;
    // The unread counter may already be 0 (a reply or an accept clears it): the messages themselves say what is new
    // (the page's query answers that too). Most openings find nothing new and write nothing.
    const unread =
      pageNumber === 1 &&
      ticket.status !== 'pending' &&
      (ticket.unreadMessages > 0 || ticket.unreadFromContact);
    if (unread) {
      const read = await this.em.transactional(async (tx) => {
        const rows = await tx.getConnection().execute<{ id: number; external_id: string | null }[]>(
          `update messages set read = true where ticket_id = ? and not read and not from_me
              returning id, external_id`,
          [ticketId],
          'all',
          tx.getTransactionContext(),
        );
        if (ticket.unreadMessages > 0) await tx.nativeUpdate(Ticket, { id: ticketId }, { unreadMessages: 0 });
        // The contact learns it was read (the channel's receipts), through the outbox.
        await enqueueReadReceipts(
          tx,
          actor.companyId,
          rows.map((m) => ({ id: m.id, externalId: m.external_id })),
        );
        return rows.length;
      });
      if (read > 0 || ticket.unreadMessages > 0) {
        await this.events.emit('ticket.read', { companyId: actor.companyId, ticketId, userId: actor.id });
        // The page read above predates the update: read it again so it shows the messages as read.
        return listMessages(this.em, actor.companyId, ticketId, pageNumber, {
          maskNumbers: page.access.hideNumbers,
          queueIds,
        });
      }
    }
    return { messages: page.messages, hasMore: page.hasMore };
  }

  /**
   * Stores an attendant's text, contact card or stored file sent again (ack 0 until the channel confirms). Private
   * notes never leave Balcão.
   * Sending needs an open or group ticket.
   */
  async send(actor: AuthUser, ticketId: number, input: MessageSendInput): Promise<MessageDto> {
    const view = await this.writable(actor, ticketId, input.isPrivate);
    const agent = await this.em.findOneOrFail(User, { id: actor.id });
    if (input.quotedMsg && !(await this.em.findOne(Message, { id: input.quotedMsg.id, ticketId }))) {
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: 'quotedMsg', message: 'Unknown message' }],
      });
    }
    const card = input.vCard ? buildVCard(await this.cardOf(actor, input.vCard)) : null;
    const stored = !card && input.mediaUrl ? await this.storedMedia(actor.companyId, input.mediaUrl) : null;
    const text = input.body.trim();
    let body =
      card ??
      formatOutgoing(agent.name, text, {
        isPrivate: input.isPrivate,
        sign: await signsMessage(this.settings, actor.companyId, input.signMessage),
      });
    // A stored file sent again: the private joiner for notes (spec §9), no caption when none was typed.
    if (stored && input.isPrivate) body = PRIVATE_MEDIA_BODY;
    else if (stored && !text) body = '';
    const id = await storeOutgoing(this.deps(), {
      companyId: actor.companyId,
      ticket: view,
      userId: actor.id,
      body,
      isPrivate: input.isPrivate,
      mediaType: card ? 'contactMessage' : (stored?.mediaType ?? 'chat'),
      mediaUrl: stored?.mediaUrl ?? null,
      quotedMsgId: input.quotedMsg?.id ?? null,
    });
    return this.answer(actor, id);
  }

  /** A card of a stored contact carries its name and number as stored (the sender may see the number masked). */
  private async cardOf(actor: AuthUser, card: VCardInput): Promise<VCardContact> {
    if (!('contactId' in card)) return card;
    const contact = await this.em.findOne(Contact, { id: card.contactId, companyId: actor.companyId });
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    return { name: contact.name, number: contact.number };
  }

  /** The stored message as its sender may see it (LGPD). */
  private async answer(actor: AuthUser, id: number): Promise<MessageDto> {
    const maskNumbers = await this.tickets.hidesNumbers(actor);
    return (await findMessageDto(this.em, actor.companyId, id, { maskNumbers })) as MessageDto;
  }

  /**
   * One message per uploaded file. The typed caption goes on the first file (signed like text); the others, and an
   * uncaptioned first, carry no text but a document's name (uncaptionedBody). A private note's media carry the
   * invisible joiner (spec §9).
   * Every file is checked before any is stored.
   */
  async sendMedia(
    actor: AuthUser,
    ticketId: number,
    files: UploadedFile[],
    fields: MessageMediaFields,
  ): Promise<MessageDto[]> {
    const view = await this.writable(actor, ticketId, fields.isPrivate);
    if (!files.length)
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'medias', message: 'Required' }] });
    for (const file of files) assertAcceptable(file);
    const agent = await this.em.findOneOrFail(User, { id: actor.id });
    const sign = await signsMessage(this.settings, actor.companyId, fields.signMessage);
    const out: MessageDto[] = [];
    for (const [i, file] of files.entries()) {
      const stored = await storeMedia(this.dataDir, actor.companyId, file);
      const caption = (i === 0 && fields.body.trim()) || uncaptionedBody(stored);
      const body = fields.isPrivate
        ? PRIVATE_MEDIA_BODY
        : caption && formatOutgoing(agent.name, caption, { isPrivate: false, sign });
      const id = await storeOutgoing(this.deps(), {
        companyId: actor.companyId,
        ticket: view,
        userId: actor.id,
        body,
        isPrivate: fields.isPrivate,
        mediaType: stored.mediaType,
        mediaUrl: stored.mediaUrl,
        // Only a recorded audio is a voice note; another file in the same post stays what it is.
        voiceNote: fields.voiceNote && stored.mediaType === 'audio',
      });
      out.push(await this.answer(actor, id));
    }
    return out;
  }

  private async storedMedia(companyId: number, mediaUrl: string) {
    const mediaType = await ownMediaType(this.dataDir, companyId, mediaUrl);
    if (!mediaType)
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'mediaUrl', message: 'Unknown media' }] });
    return { mediaType, mediaUrl };
  }

  /** An open (or group) ticket the actor sees; what leaves Balcão needs a connection that reaches the contact. */
  async writable(actor: AuthUser, ticketId: number, isPrivate: boolean): Promise<TicketDto> {
    const view = await this.tickets.get(actor, { id: ticketId });
    if (view.status !== 'open' && view.status !== 'group') throw new AppError('ERR_TICKET_NOT_OPEN', 400);
    if (!isPrivate && view.whatsappId) {
      // A plan that lost the channel (a downgrade) sends nothing through its connections.
      const { em, channels, planGate } = this;
      await assertConnectionOffered({ em, channels, planGate }, actor.companyId, view.whatsappId);
      await assertReaches(this.em, this.channels, actor.companyId, view.whatsappId, view.contactId);
      await assertReplyWindow(this.em, this.channels, actor.companyId, view.whatsappId, view.contactId);
    }
    return view;
  }

  private deps() {
    return { em: this.em, events: this.events };
  }

  /**
   * Only the attendant's own messages can be deleted; the message stays, marked deleted. A reaction never is (400
   * ERR_REACTION_NOT_DELETABLE): WhatsApp would get a "delete for everyone" for it, not the reaction taken off.
   */
  async remove(actor: AuthUser, id: number): Promise<void> {
    const message = await this.em.findOne(Message, { id });
    if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    await this.tickets.get(actor, { id: message.ticketId }).catch(asMessageMiss);
    if (message.mediaType === 'reactionMessage') throw new AppError('ERR_REACTION_NOT_DELETABLE', 400);
    if (!message.fromMe || message.userId !== actor.id) throw new AppError('ERR_NO_PERMISSION', 403);
    await assertRetractable(this.em, this.channels, actor.companyId, message);
    await this.em.transactional(async (tx) => {
      await tx.nativeUpdate(Message, { id }, { isDeleted: true });
      // Not yet on its way: it never leaves. Sent (or being sent): the channel takes it back where it can.
      await withdrawDelivery(tx, actor.companyId, id);
    });
    // Its subscribers wake the delivery worker (a retraction may be queued) and show the message deleted.
    await this.events.emit('message.deleted', {
      companyId: actor.companyId,
      ticketId: message.ticketId,
      messageId: id,
    });
  }

  /**
   * `POST /api/messages/{messageId}/retry`: a message whose delivery failed for good is sent again (same idempotency
   * key). Whoever may see the ticket may ask; a message that has not failed answers ERR_MESSAGE_NOT_FAILED.
   */
  async retry(actor: AuthUser, id: number): Promise<void> {
    const message = await this.em.findOne(Message, { id });
    if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    await this.tickets.get(actor, { id: message.ticketId }).catch(asMessageMiss);
    if (!(await this.em.transactional((tx) => retryDelivery(tx, actor.companyId, id))))
      throw new AppError('ERR_MESSAGE_NOT_FAILED', 400);
    await this.events.emit('message.delivery', {
      companyId: actor.companyId,
      ticketId: message.ticketId,
      messageId: id,
      state: 'queued',
      reason: null,
    });
  }
}
