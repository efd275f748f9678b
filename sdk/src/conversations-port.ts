import type { ChannelConnection, InboundMessage, IngestResult } from './channel.js';
import type { StoredFile } from './domain-ports.js';
import type { Channel, ContactPresence } from './schemas/attendance.js';
import type { SessionStore } from './sessions.js';

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

/**
 * Core's door for channels: inbound messages, connections by public token, and a visitor's view of a conversation.
 * Bound to the caller's company (the request's, job's or event's; a channel session's connection's): a connection passed
 * in is a handle — the object core gave out (connectionByToken, connectionByAccount, ConnectionsPort, `ctx.connection`),
 * taken as core read it, or else the company's connection with that `id` looked up again. Its `companyId` is never
 * believed: another company's connection, or a made-up object where there is no company (a public route), is 404
 * ERR_NO_WAPP_FOUND. With a company, `connectionByToken` / `connectionByAccount` find only that company's.
 * @example const c = await conversations.connectionByToken(token, 'webchat'); if (c) await conversations.ingest(c, inbound)
 */
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
   * Never lowers the ack; answers false when no message of that connection has the id or nothing changed. An ack for
   * an id no message has yet is held for a minute: the send that answers that id (its outbox record) takes it.
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
