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
 * Tickets of the company. Transitions act as a user of the company (`byUserId`): that user's permissions and the
 * spec's transition table apply, the ticket's log names them, and attendants see the change live.
 * @example const open = await tickets.list({ status: 'open', tagId: 7 })
 */
export interface TicketsPort {
  find(ticketId: number): Promise<TicketDto | null>;
  list(query: TicketQuery): Promise<TicketDto[]>;
  /**
   * A new ticket for a contact, by a user of the company: open (theirs, or `userId`'s when they are an admin) or
   * pending in a queue; on `whatsappId` or a connection that reaches the contact. The contact's ticket in progress
   * answers ERR_OTHER_OPEN_TICKET, as the New ticket dialog does.
   */
  create(
    input: {
      contactId: number;
      status: 'open' | 'pending';
      whatsappId?: number | null;
      queueId?: number | null;
      userId?: number | null;
    },
    byUserId: number,
  ): Promise<TicketDto>;
  /** A pending ticket taken by the user (spec part 1 §4 Accept, with its greeting when the company has it on). */
  accept(ticketId: number, byUserId: number): Promise<TicketDto>;
  /** To another queue (back to pending) or another attendant. */
  transfer(
    ticketId: number,
    to: { queueId?: number | null; userId?: number | null },
    byUserId: number,
  ): Promise<TicketDto>;
  /** Closes (open) or ignores (pending) the ticket; `farewell` sends the closing message as the Close button does. */
  close(ticketId: number, opts: { byUserId: number; farewell?: boolean }): Promise<TicketDto>;
  reopen(ticketId: number, byUserId: number): Promise<TicketDto>;
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
 * Sends messages through the outbox: stored with its delivery in one transaction, delivered with retries; attendants
 * see it live. @example await messages.send({ ticketId, body: 'Olá!' })
 */
export interface MessagesPort {
  send(input: SendInput): Promise<MessageDto>;
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
}
