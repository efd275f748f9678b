import type { DeclaredChannelTraits } from './channel-traits.js';
import type { MediaPort, StoredFile } from './domain-ports.js';
import type { PlanFlag } from './plans.js';
import type { RealtimePort } from './ports.js';
import type { Channel, ContactPresence } from './schemas/attendance.js';
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
export type ChannelMedia = MediaPort;

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

/** One message of a conversation as the contact sees it. @example { id: 7, body: 'Olá', fromMe: true, createdAt } */
export interface ConversationMessage {
  id: number;
  body: string;
  fromMe: boolean;
  createdAt: string;
  mediaType?: string;
  mediaUrl?: string | null;
}

/** What `ingestHistory` did with a channel's old messages, by count. @example { stored: 120, duplicate: 3, ignored: 0, blocked: 0 } */
export interface HistoryIngestResult {
  stored: number;
  /** Already stored (same connection and externalId), or given twice: nothing written. */
  duplicate: number;
  /** Group messages the connection does not import (its importOldMessagesGroups is off). */
  ignored: number;
  /** From blocked contacts. */
  blocked: number;
  /**
   * The externalIds of the messages this call stored (not the duplicates): what an adapter still has to fetch files
   * for (`attachMedia`), so a batch played again downloads nothing twice. Optional: older cores do not say.
   */
  storedIds?: string[];
}

/** How `ingestHistory` takes messages: `imported` (the only kind yet) marks them old, with nothing set off. @example { imported: true } */
export interface HistoryIngestOptions {
  imported: true;
}

/** A call a contact made to the connection's account (a WhatsApp voice or video call). @example { externalId: 'CALL1', from: { id: '5511…', name: '' }, video: false } */
export interface InboundCall {
  /** The channel's id for the call: a call told twice is logged once. */
  externalId: string;
  from: { id: string; name: string };
  video: boolean;
  at?: Date;
}

/**
 * What `mergeContact` did: `merged` (the alias's contact joined the contact of `id`, and is gone), `renamed` (no
 * contact had `id` yet: the alias's contact now carries it) or `none` (no contact under the alias: never written, or
 * merged already — a replay changes nothing). `contactId` is the one contact left.
 * @example { outcome: 'merged', contactId: 42, mergedContactId: 57 }
 */
export interface ContactMergeResult {
  outcome: 'merged' | 'renamed' | 'none';
  contactId?: number;
  /** The contact that went (merged only). */
  mergedContactId?: number;
}

/** Core's door for channels: inbound messages, connections by public token, and a visitor's view of a conversation. */
export interface ConversationsPort {
  ingest(connection: ChannelConnection, inbound: InboundMessage): Promise<IngestResult>;
  /**
   * Many old messages at once (a history import), in batches: idempotent like `ingest` (a message already stored is
   * skipped), but nothing a live message sets off — no bots, greetings, notifications, unread counts or events.
   * Tickets it opens are marked imported and go to the connection's import queue. Optional: a core without it
   * imports nothing. @example await conversations.ingestHistory?.(connection, messages, { imported: true })
   */
  ingestHistory?(
    connection: ChannelConnection,
    messages: readonly InboundMessage[],
    options: HistoryIngestOptions,
  ): Promise<HistoryIngestResult>;
  /**
   * A contact is calling: the call shows in their conversation (a `call_log` message). Answers whether the channel
   * should decline it: when the company does not take calls (acceptCallWhatsapp disabled), core also tells the contact
   * to write instead. Optional: a core without it logs no calls. @example if ((await conversations.call?.(c, call))?.reject) reject()
   */
  call?(connection: ChannelConnection, call: InboundCall): Promise<{ reject: boolean }>;
  /**
   * The channel learnt that two of its contact ids are one person: `alias`, an id it ingested a contact under before
   * (WhatsApp: a LID, a privacy id, before the number behind it was known), is `id`, the id it knows them by from now
   * on (their number; a Brazilian mobile's contact is found with or without the ninth digit). The two contacts of the
   * connection's channel become the one of `id`: tickets, messages, notes, tags and custom fields move, and of two
   * non-closed tickets on one connection the attended one (else the `id` contact's) stays open with the other's
   * messages while the other closes (log `merged`). Emits `contact.merged` and `ticket.updated`; idempotent.
   * Optional: a core without it keeps both. @example await conversations.mergeContact?.(connection, '1234567890123', '5511999990001')
   */
  mergeContact?(connection: ChannelConnection, alias: string, id: string): Promise<ContactMergeResult>;
  connectionByToken(token: string, channel: Channel): Promise<ChannelConnection | null>;
  /**
   * The connection of `channel` linked to the account `account` (its `number`: a page id, a business number), for a
   * webhook that names the account it is for. Null when none, or when the company's plan does not offer the channel.
   * @example const connection = await conversations.connectionByAccount(entry.id, 'facebook')
   */
  connectionByAccount(account: string, channel: Channel): Promise<ChannelConnection | null>;
  /**
   * The connection's own encrypted store (what `send` gets as `ctx.session`), for a public route that found the
   * connection through `connectionByAccount` or `connectionByToken` (no company, so no ConnectionsPort there): Meta's
   * webhook reads the page token to look a contact's name up. Only for connections of a channel the calling plugin
   * contributes (403 ERR_NO_PERMISSION otherwise; 404 ERR_NO_WAPP_FOUND when it does not exist). Optional.
   * @example const token = await (await conversations.connectionStore?.(connection))?.get('pageToken')
   */
  connectionStore?(connection: ChannelConnection): Promise<SessionStore>;
  /**
   * Whether a message (send or reaction) to the contact `to` (OutboundMessage.to) on the connection is being delivered
   * now by any Balcão process (the web process's webhook sees the worker's sends): its outbox delivery is claimed, the
   * lease running, and the channel's id for it not yet recorded. A webhook holding an echo (the account's own message)
   * it cannot tell apart waits while this answers true; then an echo of Balcão's send is a `duplicate` for `ingest`.
   * Optional: a core without it answers nothing.
   * @example while (await conversations.sendsOnTheirWay?.(connection, psid)) await sleep(200)
   */
  sendsOnTheirWay?(connection: ChannelConnection, to: string): Promise<boolean>;
  /**
   * Keeps a file a contact sent in the connection's company's media, before `ingest` names it as `mediaUrl`.
   * @example const { url } = await conversations.storeMedia(connection, { data, fileName: 'photo.jpg', mimeType: 'image/jpeg' })
   */
  storeMedia(
    connection: ChannelConnection,
    file: { data: Uint8Array; fileName: string; mimeType: string },
  ): Promise<StoredFile>;
  /**
   * A file fetched after its message was stored (a history import stores text first; the adapter downloads the media
   * later): the connection's message with that externalId, still without a file and not deleted, gets `file.url` (a
   * URL of the connection's company's media store, as `storeMedia` or `ctx.media.store` answer it) and attendants see
   * it live (`message.media`). False when no such message (unknown id, another connection's, already has a file).
   * Throws 400 ERR_VALIDATION for a URL outside the company's store. Optional: a core without it keeps caption-only.
   * @example await conversations.attachMedia?.(connection, '3EB0ABC', await ctx.media.store(file))
   */
  attachMedia?(
    connection: ChannelConnection,
    externalId: string,
    file: Pick<StoredFile, 'url'>,
  ): Promise<boolean>;
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
  /**
   * One message (by the id the channel gave it) reached a delivery state: 1 sent, 2 delivered, 3 read, 4 played.
   * Never lowers the ack; answers false when no message of that connection has the id or nothing changed.
   * @example await conversations.ack(connection, 'wamid.ABC', 3)
   */
  ack(connection: ChannelConnection, externalId: string, ack: number): Promise<boolean>;
  /**
   * The contact edited a message they sent: its text becomes `body` (flagged edited). False when unknown.
   * @example await conversations.edited(connection, 'wamid.ABC', 'corrected text')
   */
  edited(connection: ChannelConnection, externalId: string, body: string): Promise<boolean>;
  /**
   * The contact deleted a message for everyone: it stays, flagged deleted, as an attendant's deletion does.
   * @example await conversations.revoked(connection, 'wamid.ABC')
   */
  revoked(connection: ChannelConnection, externalId: string): Promise<boolean>;
}
