import type { UserDto } from './dto.js';
import type { ContactDto, MessageDto, QueueDto, TicketDto } from './dto-attendance.js';
import type { Channel, TicketStatus } from './schemas/attendance.js';
import type { ContactListQuery, MessageListQuery } from './schemas/read-doors.js';

// The attendance core as plugins reach it (ARCHITECTURE "Packages that meet"): tickets, messages, contacts, queues and
// users, through ports core implements. Each port a plugin gets is bound to one company (the request's, the job's or
// the event's): it never sees another company's rows, whatever ids it passes. Numbers are never masked here: a plugin
// is the company's own software, not an attendant under LGPD.

/** Which tickets `TicketsPort.list` answers; every field narrows. @example { status: 'open', queueId: 3 } */
export interface TicketQuery {
  status?: TicketStatus;
  /** null: tickets in no queue. */
  queueId?: number | null;
  /** null: tickets nobody has. */
  userId?: number | null;
  /** Tickets carrying this tag (on the ticket or its contact). */
  tagId?: number;
  contactId?: number;
  /** Newest first, at most this many (default 100, at most 500). */
  limit?: number;
  /** Only tickets with a smaller id: the next page after the last one read. */
  beforeId?: number;
}

/**
 * Who a ticket transition is by: a user of the company (their id: that user's permissions apply and the log names
 * them), or `'plugin'`: the plugin itself, acting for the company (no user is borrowed; the log names the plugin, an
 * attendant reads "by plugin campaigns"). @example await tickets.close(ticketId, { byUserId: 'plugin' })
 */
export type TicketActor = number | 'plugin';

/**
 * Tickets of the company. Transitions act as a user of the company or as the plugin (`TicketActor`): the spec's
 * transition table applies either way, the ticket's log names who acted, and attendants see the change live. The
 * plugin acts as the company would: every queue and ticket of the company is within its reach.
 * @example const open = await tickets.list({ status: 'open', tagId: 7 })
 */
export interface TicketsPort {
  find(ticketId: number): Promise<TicketDto | null>;
  list(query: TicketQuery): Promise<TicketDto[]>;
  /**
   * A new ticket for a contact: open (the acting user's, or `userId`'s when they are an admin; the plugin must name
   * `userId`) or pending in a queue; on `whatsappId` or a connection that reaches the contact. The contact's ticket in
   * progress answers ERR_OTHER_OPEN_TICKET, as the New ticket dialog does.
   * @example await tickets.create({ contactId, status: 'pending', queueId: 2 }, 'plugin')
   */
  create(
    input: {
      contactId: number;
      status: 'open' | 'pending';
      whatsappId?: number | null;
      queueId?: number | null;
      userId?: number | null;
    },
    by: TicketActor,
  ): Promise<TicketDto>;
  /** A pending ticket taken by the user (taking a ticket is a person's act: no plugin form) (spec part 1 §4 Accept, with its greeting when the company has it on). */
  accept(ticketId: number, byUserId: number): Promise<TicketDto>;
  /** To another queue (back to pending) or another attendant. @example await tickets.transfer(id, { queueId: 3 }, 'plugin') */
  transfer(
    ticketId: number,
    to: { queueId?: number | null; userId?: number | null },
    by: TicketActor,
  ): Promise<TicketDto>;
  /**
   * Closes (open) or ignores (pending, held) the ticket; `farewell` sends the closing message as the Close button does.
   * `byUserId`: a user's id, or `'plugin'`. @example await tickets.close(id, { byUserId: 'plugin' })
   */
  close(ticketId: number, opts: { byUserId: TicketActor; farewell?: boolean }): Promise<TicketDto>;
  /**
   * A closed ticket back: open for the user who reopens it; reopened by the plugin, pending in its queue (nobody's).
   * @example await tickets.reopen(id, 'plugin')
   */
  reopen(ticketId: number, by: TicketActor): Promise<TicketDto>;
  /**
   * Makes the ticket's own tags exactly `tagIds` (tags of the company; another's answer 400 ERR_VALIDATION, path
   * `tagIds`). Its contact's tags stay: `TicketDto.tags` are the ticket's own, `TicketQuery.tagId` matches both.
   * Emits `ticket.tags.changed` (`oldTagIds`, `tagIds`) when they changed; attendants see the ticket change live.
   * @example await tickets.setTags(ticketId, [laneId])
   */
  setTags(ticketId: number, tagIds: number[]): Promise<TicketDto>;
  /** Adds one tag to the ticket's own (a tag it has already: nothing changes). @example await tickets.addTag(ticketId, 7) */
  addTag(ticketId: number, tagId: number): Promise<TicketDto>;
  /** Removes one of the ticket's own tags (one it lacks: nothing changes). @example await tickets.removeTag(ticketId, 7) */
  removeTag(ticketId: number, tagId: number): Promise<TicketDto>;
  /**
   * Moves the ticket's card to one kanban lane in one transaction: every kanban tag of its own off, `laneId` on (null:
   * the default lane, no lane); ordinary tags stay. One `ticket.tags.changed` when it changed; attendants see the card
   * move live. A tag the company lacks: 404 ERR_NO_TAG_FOUND; an ordinary tag: 400 ERR_VALIDATION on `laneId`.
   * @example await tickets.moveToLane(ticketId, laneId)
   */
  moveToLane(ticketId: number, laneId: number | null): Promise<TicketDto>;
}

/** A location message. @example { latitude: -23.55, longitude: -46.63, name: 'Loja Centro' } */
export interface LocationInput {
  latitude: number;
  longitude: number;
  name?: string;
}

/**
 * What `MessagesPort.send` sends on a ticket: text, a stored file (MediaPort / `/api/media/…` URL), a voice note, a
 * contact card or a location. Without `asUserId` it goes as Balcão itself (a bot, a campaign, an automatic message).
 * @example { ticketId: 9, body: 'Seu pedido saiu para entrega' }
 */
export interface SendInput {
  ticketId: number;
  body?: string;
  /** A file already stored by Balcão: its URL and kind (image, audio, video, application). */
  media?: { url: string; type: 'image' | 'audio' | 'video' | 'application' };
  /** The media is a voice note (audio recorded in the conversation). */
  voiceNote?: boolean;
  /** A contact card: the vCard text. */
  vCard?: string;
  location?: LocationInput;
  /** A private note for attendants: never leaves Balcão. */
  isPrivate?: boolean;
  /** Sent as this user of the company (their name signs it when the company signs messages); none: as Balcão. */
  asUserId?: number | null;
  /** Quotes this message of the same ticket (a reply); another ticket's message is refused (ERR_VALIDATION). */
  quotedMsgId?: number | null;
}

/**
 * What `MessagesPort.sendToContact` sends, and to whom: a text or a stored file to a contact on a connection, once per
 * `idempotencyKey`. @example { contactId: 5, connectionId: 1, body: 'Promoção de sábado!', idempotencyKey: 'camp-9:5', holdUntilReply: true }
 */
export interface SendToContactInput {
  contactId: number;
  /** The connection it leaves by; one that cannot reach the contact is 400 ERR_CONNECTION_CANNOT_REACH. */
  connectionId: number;
  body?: string;
  media?: { url: string; type: 'image' | 'audio' | 'video' | 'application' };
  /**
   * The plugin's name for this send (1–200 characters, no NUL), unique per company and plugin: a replay with the same
   * key (again, at once, from another instance, after a crash) answers the first message and sends nothing.
   */
  idempotencyKey: string;
  /**
   * A ticket opened for this send stays out of the attendants' lists, counts and notifications (status `held`) until
   * the contact answers: the answer makes it a pending ticket in the usual routing, the sent message in its history.
   * No effect when the contact already has a ticket in progress on the connection (the message goes there).
   */
  holdUntilReply?: boolean;
}

/**
 * Sends messages through the outbox: stored with its delivery in one transaction, delivered with retries; attendants
 * see it live. @example await messages.send({ ticketId, body: 'Olá!' })
 */
export interface MessagesPort {
  send(input: SendInput): Promise<MessageDto>;
  /**
   * Sends to a contact as the company (no user), on the contact's ticket in progress on the connection or on one it
   * opens as the plugin (the log names the plugin). Exactly once per `idempotencyKey`: the key is recorded in the same
   * transaction as the message and its delivery, so a replay answers the first message (same id) and never sends
   * twice, whether sequential, concurrent, on another instance or after a crash.
   * @example const m = await messages.sendToContact({ contactId, connectionId, body: 'Oi!', idempotencyKey: `camp-9:${contactId}` })
   */
  sendToContact(input: SendToContactInput): Promise<MessageDto>;
  /** One message of the company, private notes included; null for an id the company does not have. @example await messages.find(120) */
  find(messageId: number): Promise<MessageDto | null>;
  /**
   * A page of one ticket's messages, newest first (by id), private notes included: `limit` (default 50, at most 200;
   * more is 400 ERR_VALIDATION), `beforeId` the smallest id of the page before. Another company's ticket: [].
   * @example
   * let page = await messages.list({ ticketId, limit: 100 });
   * while (page.length) page = await messages.list({ ticketId, beforeId: page[page.length - 1].id, limit: 100 });
   */
  list(query: MessageListQuery): Promise<MessageDto[]>;
}

/** Contacts of the company. @example const c = await contacts.findOrCreate({ number: '5511999990000', name: 'Ana' }) */
export interface ContactsPort {
  find(contactId: number): Promise<ContactDto | null>;
  /** By the channel's id for the person (a phone number is normalised as contacts are). Default channel whatsapp. */
  findByNumber(number: string, channel?: Channel): Promise<ContactDto | null>;
  findOrCreate(input: {
    number: string;
    name: string;
    channel?: Channel;
    email?: string;
  }): Promise<ContactDto>;
  /**
   * findOrCreate for a caller that needs only the contact's id (a campaign messaging thousands): the same rules
   * (number normalised, one contact per number and channel, `contact.created` announced), without reading the
   * contact's tags, extra info and last message back. `created`: it did not exist before this call.
   * @example const { id } = await contacts.findOrCreateId({ number: '5511999990000', name: 'Ana' })
   */
  findOrCreateId(input: {
    number: string;
    name: string;
    channel?: Channel;
    email?: string;
  }): Promise<{ id: number; created: boolean }>;
  update(contactId: number, fields: { name?: string; email?: string }): Promise<ContactDto>;
  /** Makes the contact's tags exactly these tag ids of the company. */
  setTags(contactId: number, tagIds: number[]): Promise<void>;
  /** A blocked contact's messages are not stored (ingest answers 'blocked'). */
  block(contactId: number, blocked: boolean): Promise<ContactDto>;
  /**
   * A page of the company's contacts, newest id first, for walking an audience of any size in flat memory: read a
   * page, pass its last id as `beforeId`, stop at an empty page. Filters combine with AND: `tagIds` the contacts
   * carrying ANY of these tags; `channel`; `connectionId` the contacts with a ticket on that connection (a contact has
   * no connection of its own); `search` the contacts screen's search (name, number or e-mail contains it).
   * `limit` default 50, at most 200. Each contact comes with its tags and extra info.
   * @example
   * for (let page = await contacts.list({ tagIds: [vip], limit: 200 }); page.length; ) {
   *   for (const c of page) await notify(c);
   *   page = await contacts.list({ tagIds: [vip], limit: 200, beforeId: page[page.length - 1].id });
   * }
   */
  list(query: ContactListQuery): Promise<ContactDto[]>;
}

/** The company's queues. @example const queues = await queues.list() */
export interface QueuesPort {
  list(): Promise<QueueDto[]>;
  find(queueId: number): Promise<QueueDto | null>;
}

/** The company's users. @example const online = (await users.list()).filter((u) => u.online) */
export interface UsersPort {
  list(): Promise<UserDto[]>;
  find(userId: number): Promise<UserDto | null>;
}

/** A file Balcão stores for the company. @example { url: '/api/media/company1/3f…9a.pdf', type: 'application', size: 5120 } */
export interface StoredFile {
  /** Where it is served (relative to Balcão's origin); what messages carry as mediaUrl. */
  url: string;
  type: 'image' | 'audio' | 'video' | 'application';
  size: number;
}

/**
 * The company's media store: a channel's downloaded media, a file a bot sends. Files get unguessable names and the
 * upload's checks (no markup or executables, at most MEDIA_MAX_BYTES).
 * @example const file = await media.store({ data, fileName: 'boleto.pdf', mimeType: 'application/pdf' })
 */
export interface MediaPort {
  store(input: { data: Uint8Array; fileName: string; mimeType: string }): Promise<StoredFile>;
  /** A stored file of the company by its URL; null when the URL is not one of its files. */
  read(url: string): Promise<{ data: Uint8Array; mimeType: string; fileName: string } | null>;
  /**
   * Deletes a stored file of the company by its URL (a record's attachment replaced or dropped): true when it did; a
   * URL that is not one of its files, or a file already gone, is left alone (false). Messages keep copies of their
   * own, so remove only a file your plugin stored and alone points at.
   */
  remove(url: string): Promise<boolean>;
}
