import { EventEmitter } from 'node:events';
import {
  type AnyMessageContent,
  type BaileysEventMap,
  type Contact,
  DisconnectReason,
  type MiscMessageGenerationOptions,
  proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from '@whiskeysockets/baileys';
import type { MakeSocket, WhatsappSocket } from '../socket.js';
import type { HistoryBatch } from './history-fixtures.js';

export { type HistoryBatch, type HistoryFixture, historyFixture, idsOf } from './history-fixtures.js';

/** A disconnect error as Baileys raises it (a Boom: `output.statusCode`). */
export function disconnectError(statusCode: number): Error & { output: { statusCode: number } } {
  return Object.assign(new Error(`connection closed (${statusCode})`), { output: { statusCode } });
}

/** What the fake WhatsApp servers received from the adapter. */
export interface SentMessage {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
  key: WAMessageKey;
}

/**
 * A stand-in for Baileys' socket speaking the interface the adapter uses (`ev` with connection.update, creds.update,
 * messages.upsert, messages.update and the history sync's messaging-history.set/status; sendMessage, logout, end, user,
 * groupMetadata, onWhatsApp, profilePictureUrl). The test plays WhatsApp's side with `showQr`, `openAs`, `drop`,
 * `receive`, `receipt`, `groups`, `accounts` and `pictures`; what the adapter sent is in `sent`.
 */
export class FakeSocket implements WhatsappSocket {
  private readonly emitter = new EventEmitter();
  readonly ev: WhatsappSocket['ev'] = {
    on: (event, listener) => void this.emitter.on(event, listener as (arg: unknown) => void),
    off: (event, listener) => void this.emitter.off(event, listener as (arg: unknown) => void),
  };
  user: Contact | undefined;
  readonly sent: SentMessage[] = [];
  ended = false;
  loggedOut = false;
  /** Set to make sendMessage fail (servers unreachable). */
  failSends = false;
  private nextId = 1;

  constructor(readonly config: UserFacingSocketConfig) {}

  /** How many listeners the adapter has on `event` (it takes its own off when it lets a socket go). */
  listeners(event: keyof BaileysEventMap): number {
    return this.emitter.listenerCount(event);
  }

  /** WhatsApp's side emits an event to the adapter. */
  emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]): void {
    this.emitter.emit(event, arg);
  }

  /** The servers show a QR code to scan. */
  showQr(qr: string): void {
    this.emit('connection.update', { connection: 'connecting', qr });
  }

  /** The connection opens as the account `number` (Baileys' creds get `me` then). */
  openAs(number: string): void {
    this.user = { id: `${number}:7@s.whatsapp.net`, name: 'Balcão' };
    if (this.config.auth) this.config.auth.creds.me = this.user;
    this.emit('creds.update', { me: this.user });
    this.emit('connection.update', { connection: 'open' });
  }

  /** The connection closes with Baileys' status code (408 timed out, 401 logged out, 515 restart required …). */
  drop(statusCode: number = DisconnectReason.connectionLost): void {
    this.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: disconnectError(statusCode), date: new Date() },
    });
  }

  /** A message arrives (`notify`), or one of the account's own from the phone (`append`). */
  receive(message: WAMessage, type: 'notify' | 'append' = 'notify'): void {
    this.emit('messages.upsert', { messages: [message], type });
  }

  /** The session learns which phone number a LID is (Baileys' `lid-mapping.update`, jids as Baileys gives them). */
  lidMapping(lid: string, pn: string): void {
    this.lids.set(lid, pn);
    this.emit('lid-mapping.update', { lid, pn });
  }

  /** WhatsApp's history sync hands over a batch (`messaging-history.set`; see historyFixture). */
  historySet(batch: HistoryBatch): void {
    this.emit('messaging-history.set', batch);
  }

  /** A history sync phase ended (`messaging-history.status`), as Baileys says after RECENT's last chunk. */
  historyStatus(
    syncType: proto.HistorySync.HistorySyncType,
    status: 'complete' | 'paused' = 'complete',
  ): void {
    this.emit('messaging-history.status', { syncType, status, explicit: status === 'complete' });
  }

  /** A receipt for a message the adapter sent: 3 delivered, 4 read, 5 played. */
  receipt(key: WAMessageKey, status: proto.WebMessageInfo.Status): void {
    this.emit('messages.update', [{ key, update: { status } }]);
  }

  /** The contact read the message (a READ receipt). */
  readBy(key: WAMessageKey): void {
    this.receipt(key, proto.WebMessageInfo.Status.READ);
  }

  async sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined> {
    if (this.failSends) throw disconnectError(DisconnectReason.timedOut);
    const key: WAMessageKey = {
      remoteJid: jid,
      fromMe: true,
      id: options?.messageId ?? `3EB0FAKE${this.nextId++}`,
    };
    this.sent.push({ jid, content, options, key });
    return { key, status: proto.WebMessageInfo.Status.SERVER_ACK };
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.drop(DisconnectReason.loggedOut);
  }

  end(error: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('connection.update', {
      connection: 'close',
      lastDisconnect: {
        error: error ?? disconnectError(DisconnectReason.connectionClosed),
        date: new Date(),
      },
    });
  }

  /** Group subjects the fake servers know (others answer 404, as for a group the account left). */
  readonly groups = new Map<string, string>();

  async groupMetadata(jid: string): Promise<{ id: string; subject: string }> {
    const subject = this.groups.get(jid);
    if (subject === undefined) throw disconnectError(404);
    return { id: jid, subject };
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }

  /**
   * Accounts the fake servers know, by the number typed (digits) → the number WhatsApp answers with (a Brazilian
   * mobile registered before the ninth digit answers without it). Others have no account.
   */
  readonly accounts = new Map<string, string>();
  /** Set to make onWhatsApp fail (the query times out). */
  failLookups = false;

  /** As Baileys: a usync query by phone; only numbers with an account are listed, with their jid. */
  async onWhatsApp(...phoneNumber: string[]): Promise<{ jid: string; exists: boolean }[]> {
    if (this.failLookups) throw disconnectError(DisconnectReason.timedOut);
    return phoneNumber.flatMap((p) => {
      const known = this.accounts.get(p.replace('+', '').split('@')[0]?.split(':')[0] ?? '');
      return known ? [{ jid: `${known}@s.whatsapp.net`, exists: true }] : [];
    });
  }

  /** The read receipts the adapter sent, in order. */
  readonly readReceipts: WAMessageKey[] = [];

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    if (this.failSends) throw disconnectError(DisconnectReason.timedOut);
    this.readReceipts.push(...keys);
  }

  /** Calls the adapter declined: [callId, from]. */
  readonly rejectedCalls: [string, string][] = [];

  async rejectCall(callId: string, callFrom: string): Promise<void> {
    this.rejectedCalls.push([callId, callFrom]);
  }

  /** A contact calls (WhatsApp's `offer`); `video` for a video call. */
  ring(number: string, id: string, video = false): void {
    this.emit('call', [
      {
        chatId: `${number}@s.whatsapp.net`,
        from: `${number}@s.whatsapp.net`,
        id,
        date: new Date(1_764_000_000_000),
        isVideo: video,
        status: 'offer',
        offline: false,
      },
    ]);
  }

  /** LID → phone jid, as Baileys' LID store has learnt them (`signalRepository.lidMapping`). */
  readonly lids = new Map<string, string>();
  readonly signalRepository = {
    lidMapping: { getPNForLID: async (lid: string) => this.lids.get(lid) ?? null },
  };

  /** The chats the adapter asked to follow the presence of, in order. */
  readonly presenceSubscribed: string[] = [];

  async presenceSubscribe(jid: string): Promise<void> {
    this.presenceSubscribed.push(jid);
  }

  /** A contact types, records or stops in a chat, as Baileys reports it. */
  presence(chatJid: string, presence: 'composing' | 'recording' | 'paused', participant = chatJid): void {
    this.emit('presence.update', {
      id: chatJid,
      presences: { [participant]: { lastKnownPresence: presence } },
    });
  }

  /** Profile pictures' URLs by jid; a jid without one answers 404 (item-not-found), as Baileys throws. */
  readonly pictures = new Map<string, string>();

  async profilePictureUrl(jid: string): Promise<string | undefined> {
    const url = this.pictures.get(jid);
    if (url === undefined) throw disconnectError(404);
    return url;
  }
}

/**
 * A `makeSocket` that records every socket it opens; `onOpen` lets a test play the servers as soon as one opens (a
 * resumed session connects, a new one shows a QR code).
 * @example const fake = fakeSockets(); whatsappChannel({ makeSocket: fake.makeSocket }); fake.last().openAs('5511…')
 */
export function fakeSockets(onOpen?: (socket: FakeSocket) => void) {
  const opened: FakeSocket[] = [];
  const makeSocket: MakeSocket = (config) => {
    const socket = new FakeSocket(config);
    opened.push(socket);
    if (onOpen) queueMicrotask(() => onOpen(socket));
    return socket;
  };
  return {
    makeSocket,
    opened,
    last(): FakeSocket {
      const socket = opened.at(-1);
      if (!socket) throw new Error('no socket opened yet');
      return socket;
    },
  };
}

/** WhatsApp message builders, shaped as Baileys hands them in messages.upsert. */
export const waMessage = {
  /** A private message from `number` (or, with `group`, from `number` in that group). */
  from(
    number: string,
    id: string,
    message: proto.IMessage,
    opts: { pushName?: string; group?: string; fromMe?: boolean; timestamp?: number } = {},
  ): WAMessage {
    const key: WAMessageKey = opts.group
      ? {
          remoteJid: `${opts.group}@g.us`,
          participant: `${number}@s.whatsapp.net`,
          fromMe: opts.fromMe ?? false,
          id,
        }
      : { remoteJid: `${number}@s.whatsapp.net`, fromMe: opts.fromMe ?? false, id };
    return proto.WebMessageInfo.fromObject({
      key,
      message,
      pushName: opts.pushName,
      messageTimestamp: opts.timestamp ?? 1_764_000_000,
    }) as WAMessage;
  },
};

export { MemoryMedia } from './memory-media.js';
