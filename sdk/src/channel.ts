import type { RealtimePort } from './ports.js';
import type { Channel, ContactPresence } from './schemas/attendance.js';

/** A message a channel adapter hands to Balcão (normalised; ARCHITECTURE "The channel contract"). */
export interface InboundMessage {
  /** The channel's own message id; with the connection, the idempotency key. */
  externalId: string;
  /** Who wrote: the channel's id for them (phone number, page-scoped id, web chat visitor id) and a display name. */
  from: { id: string; name: string; picture?: string | null };
  body: string;
  mediaType?: string;
  mediaUrl?: string | null;
  fromMe?: boolean;
  isGroup?: boolean;
  participant?: string | null;
  timestamp?: Date;
}

/** What `ingest` did with an inbound message. @example if (result.outcome === 'duplicate') return */
export type IngestResult =
  | { outcome: 'stored'; ticketId: number; messageId: number; ticketCreated: boolean }
  | { outcome: 'duplicate' }
  | { outcome: 'blocked' }
  /** A group message on a connection that does not take groups (its allowGroup is off): nothing is stored. */
  | { outcome: 'ignored' };

/** A connection as a channel sees it. @example { id: 3, companyId: 1, channel: 'webchat', token: 'AB12…' } */
export interface ChannelConnection {
  id: number;
  companyId: number;
  channel: Channel;
  name: string;
  token: string;
  greetingMessage: string | null;
  /** Website origins allowed to show the connection's pages in a frame (web chat's embed); none: []. */
  embedOrigins: readonly string[];
}

/** An attendant's message for the channel to deliver. @example { to: 'visitor-1', body: 'Olá!' } */
export interface OutboundMessage {
  messageId: number;
  ticketId: number;
  /** The contact's id on the channel (its `number`). */
  to: string;
  body: string;
  createdAt: string;
  /** 'chat' for text; image, video, audio, application or contactMessage otherwise (spec part 1 §3 Message). */
  mediaType?: string;
  /** Where the file is served, relative to Balcão's origin (`/api/media/…`); null for text. */
  mediaUrl?: string | null;
  /**
   * The same for every attempt to deliver this message: a send that is retried (the worker died mid-send, the
   * channel timed out) must not reach the contact twice. Pass it to the vendor where it dedupes (a client message id),
   * or remember the keys already sent.
   */
  idempotencyKey: string;
}

/** What a channel adapter may use while sending. */
export interface ChannelSendContext {
  connection: ChannelConnection;
  realtime: RealtimePort;
}

/**
 * A channel adapter: transport only, no tickets or queues. `send` delivers an outbound message and answers the ack
 * it reached (1 sent, 2 delivered) and the channel's id for it; a throw means "not delivered": the outbox retries it
 * with backoff and, after the last attempt, marks the message failed.
 * @example defineChannel({ kind: 'webchat', send: async (m, ctx) => ({ ack: 2 }) })
 */
export interface ChannelDefinition {
  kind: Channel;
  send(message: OutboundMessage, ctx: ChannelSendContext): Promise<{ ack: number; externalId?: string }>;
  /**
   * Optional: take back a message it delivered, when the attendant deletes it (WhatsApp's "delete for everyone"). A
   * channel without it leaves the contact's copy where it is.
   */
  retract?(message: RetractedMessage, ctx: ChannelSendContext): Promise<void>;
  /**
   * Optional: the people in the account's address book (WhatsApp: the phone's contacts), for "Import from phone"
   * (`POST /contacts/import`). A channel without it cannot import contacts; the UI keeps the entry disabled.
   * @example async addressBook(ctx) { return [{ number: '5511999990000', name: 'Ana' }] }
   */
  addressBook?(ctx: ChannelSendContext): Promise<PhoneContact[]>;
  /**
   * Optional: the people the account has private chats with (groups left out), for `POST /contacts/import/chats`.
   * @example async chatContacts(ctx) { return [{ number: '5511999990001', name: '' }] }
   */
  chatContacts?(ctx: ChannelSendContext): Promise<PhoneContact[]>;
}

/**
 * A person a channel account knows: their id on the channel (a phone number; core normalises it as contacts are)
 * and the name the account gave them (may be empty: core falls back to the number).
 * @example { number: '+55 11 99999-0000', name: 'Ana' }
 */
export interface PhoneContact {
  number: string;
  name: string;
}

/**
 * The optional operations a channel adapter offers, as connections show them (ConnectionDto.capabilities).
 * @example if (connection.capabilities.importContacts) showImportFromPhone()
 */
export interface ChannelCapabilities {
  /** The adapter reads the account's address book (ChannelDefinition.addressBook). */
  importContacts: boolean;
  /** The adapter reads the account's chat list (ChannelDefinition.chatContacts). */
  importChats: boolean;
}

/**
 * What an adapter (or none, for a channel no plugin provides) can do beyond sending.
 * @example channelCapabilities(channels.get('webchat')) // { importContacts: false, importChats: false }
 */
export function channelCapabilities(channel: ChannelDefinition | undefined): ChannelCapabilities {
  return {
    importContacts: typeof channel?.addressBook === 'function',
    importChats: typeof channel?.chatContacts === 'function',
  };
}

/** A delivered message the attendant deleted. @example { messageId: 7, to: 'visitor-1', externalId: null } */
export interface RetractedMessage {
  messageId: number;
  ticketId: number;
  /** The contact's id on the channel (its `number`). */
  to: string;
  /** The channel's id for the message, when `send` answered one. */
  externalId: string | null;
  /** The same for every attempt to take this message back. */
  idempotencyKey: string;
}

/** Identity helper that types a channel adapter. @example export const webchat = defineChannel({ kind: 'webchat', send }) */
export function defineChannel(definition: ChannelDefinition): ChannelDefinition {
  return definition;
}

/** One message of a conversation as the contact sees it. @example { id: 7, body: 'Olá', fromMe: true, createdAt } */
export interface ConversationMessage {
  id: number;
  body: string;
  fromMe: boolean;
  createdAt: string;
  mediaType?: string;
  mediaUrl?: string | null;
}

/** Core's door for channels: inbound messages, connections by public token, and a visitor's view of a conversation. */
export interface ConversationsPort {
  ingest(connection: ChannelConnection, inbound: InboundMessage): Promise<IngestResult>;
  connectionByToken(token: string, channel: Channel): Promise<ChannelConnection | null>;
  /** Messages of the contact's tickets on that connection, oldest first, never private notes. */
  history(connection: ChannelConnection, contactId: string, limit: number): Promise<ConversationMessage[]>;
  /**
   * The contact has read everything Balcão sent them on that connection (a read receipt): those messages reach ack 3
   * and attendants see it live. Answers how many changed.
   */
  markRead(connection: ChannelConnection, contactId: string): Promise<number>;
  /**
   * The contact is typing or recording on that connection ('available' when they stop): attendants who may see their
   * open conversation see it live. Nothing is stored; a contact without a non-closed ticket there changes nothing.
   */
  presence(connection: ChannelConnection, contactId: string, presence: ContactPresence): Promise<void>;
}
