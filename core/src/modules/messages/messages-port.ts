import {
  AppError,
  type EventsPort,
  idField,
  type MessageDto,
  type MessageListQuery,
  type MessagesPort,
  messageListSchema,
  type SendInput,
  type SendToContactInput,
  type SettingsPort,
  validate,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { assertReaches } from '../connections/connection-reach.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { PlanGate } from '../plans/plan-gate.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { User } from '../users/user.entity.js';
import { ownMediaType } from './media-storage.js';
import { findMessageDto, messagesBefore } from './message-queries.js';
import { formatOutgoing, signsMessage } from './messages-service.js';
import { outgoingTicket, storeOutgoing } from './outgoing.js';
import { sendToContact } from './send-to-contact.js';

export interface MessagesPortDeps {
  em: EntityManager;
  events: EventsPort;
  settings: SettingsPort;
  channels: ChannelRegistry;
  config: { dataDir: string };
  planGate: Pick<PlanGate, 'allows'>;
}

/** The body and media type of what a plugin sends (the shapes the conversation view renders, spec part 1 §3). */
function contentOf(input: SendInput): { body: string; mediaType: string; mediaUrl: string | null } {
  if (input.location) {
    const { latitude, longitude, name } = input.location;
    if (
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    )
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: 'location', message: 'Invalid coordinates' }],
      });
    const at = `${latitude},${longitude}`;
    return {
      body: `|https://maps.google.com/maps?q=${encodeURIComponent(at)}|${name ?? ''}`,
      mediaType: 'locationMessage',
      mediaUrl: null,
    };
  }
  if (input.vCard) return { body: input.vCard, mediaType: 'contactMessage', mediaUrl: null };
  if (input.media) {
    return {
      body: input.body ?? '',
      mediaType: input.voiceNote ? 'audio' : input.media.type,
      mediaUrl: input.media.url,
    };
  }
  const body = input.body ?? '';
  if (!body.trim())
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'body', message: 'Required' }] });
  return { body, mediaType: 'chat', mediaUrl: null };
}

/**
 * MessagesPort for one company: what a plugin sends goes the way an attendant's message goes (stored with its outbox
 * row, delivered by the worker, shown live), on any ticket of the company that is not closed; as a user of the company
 * (signed when the company signs messages) or, without one, as Balcão itself.
 */
export class CompanyMessagesPort implements MessagesPort {
  constructor(
    private readonly deps: MessagesPortDeps,
    private readonly companyId: number,
    /** The plugin served (its name keys sendToContact's idempotency and names it in ticket logs); core's own sends: 'core'. */
    private readonly plugin = 'core',
  ) {}

  sendToContact(input: SendToContactInput): Promise<MessageDto> {
    return sendToContact(this.deps, this.companyId, this.plugin, input);
  }

  async find(messageId: number): Promise<MessageDto | null> {
    const id = idField.safeParse(messageId);
    if (!id.success) return null; // not an id at all (past int4, a fraction): no message has it
    return findMessageDto(this.deps.em, this.companyId, id.data, { maskNumbers: false });
  }

  list(query: MessageListQuery): Promise<MessageDto[]> {
    return messagesBefore(this.deps.em, this.companyId, validate(messageListSchema, query));
  }

  async send(input: SendInput): Promise<MessageDto> {
    const { em } = this.deps;
    const ticket = await em.findOne(Ticket, { id: input.ticketId, companyId: this.companyId });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    if (ticket.status === 'closed') throw new AppError('ERR_TICKET_NOT_OPEN', 400);
    const content = contentOf(input);
    if (content.mediaUrl && !(await ownMediaType(this.deps.config.dataDir, this.companyId, content.mediaUrl)))
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [
          { path: 'media.url', message: "Not a file of the company's store: store it with MediaPort first" },
        ],
      });
    let body = content.body;
    let userId: number | null = null;
    if (input.asUserId != null) {
      const user = await em.findOne(User, { id: input.asUserId, companyId: this.companyId });
      if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
      userId = user.id;
      // As an attendant's text: a note names its author, a message is signed when the company signs messages.
      if (content.mediaType === 'chat')
        body = formatOutgoing(user.name, body, {
          isPrivate: input.isPrivate ?? false,
          sign: await signsMessage(this.deps.settings, this.companyId, true),
        });
    }
    if (input.quotedMsgId != null) {
      const quoted = await em
        .getConnection()
        .execute('select 1 from messages where id = ? and ticket_id = ? and company_id = ?', [
          input.quotedMsgId,
          ticket.id,
          this.companyId,
        ]);
      if (!quoted.length)
        throw new AppError('ERR_VALIDATION', 400, {
          fields: [{ path: 'quotedMsgId', message: 'Not a message of this ticket' }],
        });
    }
    if (!input.isPrivate && ticket.whatsappId)
      await assertReaches(em, this.deps.channels, this.companyId, ticket.whatsappId, ticket.contactId);
    const id = await storeOutgoing(this.deps, {
      companyId: this.companyId,
      ticket: outgoingTicket(ticket),
      userId,
      body,
      isPrivate: input.isPrivate ?? false,
      mediaType: content.mediaType,
      mediaUrl: content.mediaUrl,
      voiceNote: Boolean(input.voiceNote && content.mediaUrl),
      quotedMsgId: input.quotedMsgId ?? null,
    });
    return (await findMessageDto(em, this.companyId, id, { maskNumbers: false })) as MessageDto;
  }
}
