import type { DeclaredChannelTraits } from './channel-traits.js';
import type { MediaPort } from './domain-ports.js';
import type { PlanFlag } from './plans.js';
import type { RealtimePort } from './ports.js';
import type { Channel } from './schemas/attendance.js';
import type { ChannelLifecycle, SessionStore } from './sessions.js';

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
  /**
   * The message this one answers (a quoted reply) or reacts to (a `reactionMessage`), by the channel's id for it (what
   * was ingested, or what `send` answered). Core links it when that message is the same contact's on the same
   * connection; one it does not have leaves the message unlinked, still stored. A reaction is find-only: see
   * IngestResult's 'ignored'. @example 'wamid.ABC'
   */
  quotedExternalId?: string | null;
}

/** What `ingest` did with an inbound message. @example if (result.outcome === 'duplicate') return */
export type IngestResult =
  | {
      outcome: 'stored';
      ticketId: number;
      messageId: number;
      ticketCreated: boolean;
      /** The contact's closed ticket came back (the connection's timeCreateNewTicket): who and where had it. */
      reopenedFrom?: { userId: number | null; queueId: number | null };
    }
  | { outcome: 'duplicate' }
  | { outcome: 'blocked' }
  /**
   * Nothing is stored, and no contact or ticket is made: a group message on a connection that does not take groups (its
   * allowGroup is off), or a reaction (`reactionMessage`, taken back included) with nothing to find — reactions never
   * open a ticket, so one lands only in the contact's non-closed ticket or in the closed ticket of the message it
   * names by `quotedExternalId` (which it leaves closed and untouched).
   */
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
  /** An audio recorded in the conversation (the composer's recorder): a voice note, not an audio file. */
  voiceNote?: boolean;
  /** The message this one answers (the attendant's reply to it), when the channel gave it an id; null: none. */
  quoted?: QuotedMessage | null;
  /**
   * The same for every attempt to deliver this message: a send that is retried (the worker died mid-send, the
   * channel timed out) must not reach the contact twice. Pass it to the vendor where it dedupes (a client message id),
   * or remember the keys already sent.
   */
  idempotencyKey: string;
}

/**
 * The message an outbound one quotes, as the channel knows it.
 * @example { externalId: 'wamid.ABC', fromMe: false, body: 'Qual o prazo?', participant: null }
 */
export interface QuotedMessage {
  /** The channel's id for it (what was ingested, or what `send` answered). */
  externalId: string;
  /** It was the company's (an attendant's, or sent from the phone), not the contact's. */
  fromMe: boolean;
  body: string;
  /** In a group: who wrote it (their id on the channel); null otherwise. */
  participant: string | null;
}

/**
 * What a channel adapter may use while sending: the connection, live sockets and the media store of the connection's
 * company (`media.read(message.mediaUrl)` for a file to send; another company's URL reads null).
 * @example const file = await ctx.media.read(message.mediaUrl ?? '')
 */
export interface ChannelSendContext {
  connection: ChannelConnection;
  realtime: RealtimePort;
  /**
   * The connection's own store, encrypted at rest: what the adapter keeps for it (an account's access token saved when
   * the connection was linked, session keys). @example const token = await ctx.session.get('accessToken')
   */
  session: SessionStore;
  /** The connection's company's media: read a file it serves (`message.mediaUrl`) to upload it. */
  media: ChannelMedia;
}

/**
 * The media store of a connection's company, as channels reach it: `read` a stored file by its `/api/media/…` URL (null
 * when it is not one of the company's files), `store` a file the contact sent and get its URL for `mediaUrl`. Files
 * get unguessable names and the upload's checks (a refused type or size throws an AppError).
 * @example const { url } = await ctx.media.store({ data, fileName: 'photo.jpg', mimeType: 'image/jpeg' })
 */
export type ChannelMedia = Pick<MediaPort, 'store' | 'read'>;

/**
 * A channel adapter: transport only, no tickets or queues. `send` delivers an outbound message and answers the ack
 * it reached (1 sent, 2 delivered) and the channel's id for it; a throw means "not delivered": the outbox retries it
 * with backoff and, after the last attempt, marks the message failed.
 * A channel with a remote session (`traits.needsSession`) adds the lifecycle hooks of {@link ChannelLifecycle}.
 * @example defineChannel({ kind: 'webchat', send: async (m, ctx) => ({ ack: 2 }) })
 */
export interface ChannelDefinition extends ChannelLifecycle {
  kind: Channel;
  /**
   * A plan flag of the channel's own, besides its plugin's: a tenant without it is not offered the channel (absent
   * from `GET /api/plugins`, new connections refused with ERR_CHANNEL_NOT_IN_PLAN). @example planFlag: 'useInstagram'
   */
  planFlag?: PlanFlag;
  /**
   * What the channel is like, for core and the UI to read instead of its name (left out: {@link DEFAULT_CHANNEL_TRAITS}).
   * @example traits: { contactAddress: 'visitor', reaches: 'own-contacts', needsSession: false, groups: false }
   */
  traits?: Partial<DeclaredChannelTraits>;
  send(message: OutboundMessage, ctx: ChannelSendContext): Promise<{ ack: number; externalId?: string }>;
  /**
   * Optional: take back a message it delivered, when the attendant deletes it (WhatsApp's "delete for everyone"). A
   * channel without it leaves the contact's copy where it is.
   */
  retract?(message: RetractedMessage, ctx: ChannelSendContext): Promise<void>;
  /**
   * Optional: tell the contact an attendant read their message (WhatsApp's blue ticks). Core asks once per message
   * when a conversation is read, through the outbox (retried, never twice with the same key). A channel without it
   * sends no receipts.
   */
  readReceipt?(message: ReadMessage, ctx: ChannelSendContext): Promise<void>;
  /**
   * Optional: put the account's reaction (an emoji) on a message of the conversation, or take it off (`emoji` empty).
   * Core asks through the outbox, after the message reacted to was delivered (retried, never twice with the same
   * key), and records the answer as it does `send`'s. A channel without it is not offered reactions
   * (ChannelTraits.reactions false; the route answers ERR_CHANNEL_CANNOT_REACT).
   * @example async react(r, ctx) { await socket.sendMessage(jid, { react: { text: r.emoji, key } }); return { ack: 1 } }
   */
  react?(reaction: OutboundReaction, ctx: ChannelSendContext): Promise<{ ack: number; externalId?: string }>;
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
  /**
   * Optional: whether an address (a phone number as typed) exists on the network, before an attendant starts a
   * conversation with it. Answers the address as the network knows it (core stores that), or null when it has no
   * account; throws when the check itself fails (core answers ERR_WAPP_CHECK_CONTACT). A channel without it is not
   * asked.
   * @example async checkAddress('5511999990000', ctx) { return (await socket.onWhatsApp(jid))?.[0]?.exists ? '5511999990000' : null }
   */
  checkAddress?(address: string, ctx: ChannelSendContext): Promise<string | null>;
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

/** A contact's message an attendant read (ChannelDefinition.readReceipt). */
export interface ReadMessage {
  messageId: number;
  ticketId: number;
  /** The contact's id on the channel (its `number`; a group's id for a group message). */
  to: string;
  /** The channel's id for the message. */
  externalId: string;
  /** Who wrote it in a group; null in a private chat. */
  participant: string | null;
  /** The same for every attempt to send this receipt. */
  idempotencyKey: string;
}

/**
 * An attendant's reaction to a message of the conversation (ChannelDefinition.react).
 * @example { messageId: 9, to: '5511999990001', emoji: '👍', target: { externalId: 'wamid.A', fromMe: false, body: 'Oi', participant: null } }
 */
export interface OutboundReaction {
  /** The reaction's own message in Balcão (stored as a `reactionMessage` quoting the target). */
  messageId: number;
  ticketId: number;
  /** The contact's id on the channel (its `number`; a group's id for a group conversation). */
  to: string;
  /** One emoji; empty takes the account's reaction on the target off. */
  emoji: string;
  /** The message reacted to, as the channel knows it (the id it ingested or `send` answered). */
  target: QuotedMessage;
  /** The same for every attempt to send this reaction. */
  idempotencyKey: string;
}

/** Identity helper that types a channel adapter. @example export const webchat = defineChannel({ kind: 'webchat', send }) */
export function defineChannel(definition: ChannelDefinition): ChannelDefinition {
  return definition;
}
