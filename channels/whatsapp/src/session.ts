import type { ChannelSessionContext, InboundMessage } from '@balcao/sdk';
import {
  type BaileysEventMap,
  Browsers,
  type CacheStore,
  DisconnectReason,
  jidDecode,
  makeCacheableSignalKeyStore,
  proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import { sessionStoreAuthState } from './auth-state.js';
import { HistorySync, historySocketConfig } from './history.js';
import { contactIdOf, type InboundMedia, normaliseInbound } from './inbound.js';
import { baileysLogger, disconnectCode, type MakeSocket, type WhatsappSocket } from './socket.js';

/** WhatsApp's receipt statuses as Balcão's acks: server (1 sent), delivery (2), read (3), played (4). */
const ACK_OF_STATUS: Partial<Record<number, number>> = {
  [proto.WebMessageInfo.Status.SERVER_ACK]: 1,
  [proto.WebMessageInfo.Status.DELIVERY_ACK]: 2,
  [proto.WebMessageInfo.Status.READ]: 3,
  [proto.WebMessageInfo.Status.PLAYED]: 4,
};
/** How a session retries and gives up; every field has a default (whatsappChannel's options). */
export interface SessionPolicy {
  /** Reconnects after a lost or failed connection before reporting DISCONNECTED (the spec's `retries`). */
  maxRetries: number;
  /** QR codes shown without a scan before giving up (DISCONNECTED; "new QR" starts again). */
  maxQrCodes: number;
  /** First reconnect delay; each next one doubles, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A history import ends this long after WhatsApp's last batch when WhatsApp does not say it is complete. */
  historyIdleMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  maxRetries: 5,
  maxQrCodes: 5,
  backoffMs: 2_000,
  maxBackoffMs: 60_000,
  historyIdleMs: 60_000,
};

/** The delay before reconnect attempt `attempt` (1-based). @example backoffDelay(3, DEFAULT_SESSION_POLICY) === 8000 */
export const backoffDelay = (attempt: number, p: SessionPolicy): number =>
  Math.min(p.maxBackoffMs, p.backoffMs * 2 ** (attempt - 1));

/** Downloads an inbound message's media (Baileys' downloadMediaMessage by default). */
export type DownloadMedia = (message: WAMessage, socket: WhatsappSocket) => Promise<Uint8Array>;

/** Keeps a downloaded file where Balcão serves it; answers its `/api/media/…` URL. */
export type StoreMedia = (
  ctx: ChannelSessionContext,
  file: InboundMedia & { data: Uint8Array },
) => Promise<string>;

/**
 * The signal key cache in front of the SessionStore (makeCacheableSignalKeyStore's), one per session: a bounded map
 * without timers (Baileys' default cache runs an interval per socket, and a socket per reconnect would leak them).
 */
export class KeyCache implements CacheStore {
  private readonly map = new Map<string, unknown>();
  constructor(private readonly limit = 10_000) {}
  get<T>(key: string): T | undefined {
    return this.map.get(key) as T | undefined;
  }
  set<T>(key: string, value: T): void {
    this.map.delete(key);
    this.map.set(key, value);
    for (const oldest of this.map.keys()) {
      if (this.map.size <= this.limit) break;
      this.map.delete(oldest);
    }
  }
  del(key: string): void {
    this.map.delete(key);
  }
  flushAll(): void {
    this.map.clear();
  }
}

export interface SessionDeps {
  makeSocket: MakeSocket;
  /** Baileys options over the adapter's (tests point `waWebSocketUrl` at loopback). */
  socketConfig?: Partial<UserFacingSocketConfig>;
  policy: SessionPolicy;
  downloadMedia: DownloadMedia;
  storeMedia?: StoreMedia;
  /** Message ids this process sent: their echo (`messages.upsert` with fromMe) is not ingested again. */
  sentByUs: (id: string) => boolean;
}

/**
 * One connection's WhatsApp session: a Baileys socket over the connection's SessionStore, reporting its status
 * (spec part 1 §4: qrcode, PAIRING, OPENING, CONNECTED, TIMEOUT, DISCONNECTED) and handing what arrives to
 * `conversations.ingest`. A lost connection is retried with exponential backoff up to `maxRetries` times (TIMEOUT
 * while it waits), then DISCONNECTED; a QR code nobody scans is replaced up to `maxQrCodes` times, then
 * DISCONNECTED. Core's "try again" (restart) and "new QR" start it afresh.
 */
export class WhatsappSession {
  private socket: WhatsappSocket | undefined;
  private open = false;
  private closed = false;
  private retries = 0;
  private qrCodes = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly keyCache = new KeyCache();
  private auth: Awaited<ReturnType<typeof sessionStoreAuthState>> | undefined;
  private saving: Promise<void> = Promise.resolve();
  private readonly listeners: (() => void)[] = [];
  private readonly groupNames = new Map<string, Promise<string>>();
  private history: HistorySync | undefined;
  /** When the open connection was last lost (a reconnect fills the gap from WhatsApp's history sync). */
  private lostAt: Date | undefined;

  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly deps: SessionDeps,
  ) {}

  /** The socket while the connection is open (sending needs it). */
  get connected(): WhatsappSocket | undefined {
    return this.open ? this.socket : undefined;
  }

  async start(): Promise<void> {
    this.closed = false;
    this.auth = undefined;
    this.retries = 0;
    this.qrCodes = 0;
    await this.connect();
  }

  /** Closes the socket and stops retrying; the store stays (the next start resumes). */
  async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const socket = this.detach();
    await socket?.end(undefined);
  }

  /** Unlinks the device on WhatsApp's side (when connected), then closes. */
  async logout(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    if (socket && this.open)
      await socket.logout().catch((err) => this.ctx.logger.warn({ err }, 'whatsapp logout failed'));
    this.detach();
    await socket?.end(undefined);
  }

  /** Forgets the socket and takes the adapter's listeners off it (Baileys' own stay: it is closing anyway). */
  private detach(): WhatsappSocket | undefined {
    const socket = this.socket;
    this.socket = undefined;
    this.open = false;
    for (const off of this.listeners.splice(0)) off();
    void this.history?.close();
    this.history = undefined;
    return socket;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { ctx } = this;
    await ctx.status.report({ status: 'OPENING' });
    // Loaded once per start: Baileys mutates these creds in place, and a reconnect right after pairing must not read
    // the store before the new creds' save has landed.
    this.auth ??= await sessionStoreAuthState(ctx.session);
    // An unreadable import window must not keep the session from connecting: it connects without importing.
    const window = (await ctx.history?.window().catch((err) => void this.fail(err, 'import window'))) ?? null;
    if (this.closed) return; // stopped while the store was read
    const { state, saveCreds } = this.auth;
    const logger = baileysLogger(ctx.logger);
    const socket = this.deps.makeSocket({
      auth: { creds: state.creds, keys: makeCacheableSignalKeyStore(state.keys, logger, this.keyCache) },
      logger,
      browser: Browsers.ubuntu('Balcão'),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      ...historySocketConfig(window),
      ...this.deps.socketConfig,
    });
    this.socket = socket;
    const history = new HistorySync(ctx, {
      window,
      gapSince: this.lostAt,
      idleMs: this.deps.policy.historyIdleMs,
      live: (messages) => this.onMessages(socket, messages),
    });
    this.history = history;
    const guarded =
      <T>(what: string, handle: (arg: T) => Promise<void>) =>
      (arg: T) => {
        if (this.socket !== socket) return;
        void handle(arg).catch((err) => this.fail(err, what));
      };
    this.listen(socket, 'creds.update', () => {
      // One save at a time, each writing the creds as they are then: the last one written is the newest.
      this.saving = this.saving.then(saveCreds).catch((err) => this.fail(err, 'saving creds'));
    });
    this.listen(
      socket,
      'connection.update',
      guarded('connection update', (u) => this.onConnection(socket, u)),
    );
    this.listen(
      socket,
      'messages.upsert',
      guarded('inbound', (u) => this.onMessages(socket, u.messages)),
    );
    this.listen(
      socket,
      'messages.update',
      guarded('message update', (u) => this.onUpdates(u)),
    );
    this.listen(
      socket,
      'messaging-history.set',
      guarded('history', (batch) => history.onSet(batch)),
    );
    this.listen(socket, 'messaging-history.status', (status) => history.onStatus(status));
  }

  private listen<E extends keyof BaileysEventMap>(
    socket: WhatsappSocket,
    event: E,
    listener: (arg: BaileysEventMap[E]) => void,
  ): void {
    socket.ev.on(event, listener);
    this.listeners.push(() => socket.ev.off(event, listener));
  }

  private fail(err: unknown, what: string): void {
    this.ctx.logger.error({ err }, `whatsapp session: ${what} failed`);
  }

  private async onConnection(
    socket: WhatsappSocket,
    update: { connection?: string; qr?: string; lastDisconnect?: { error?: unknown } },
  ): Promise<void> {
    const { status } = this.ctx;
    if (update.qr) {
      this.qrCodes += 1;
      if (this.qrCodes > this.deps.policy.maxQrCodes) return this.giveUp();
      await status.report({ status: 'qrcode', qrcode: update.qr });
    }
    if (update.connection === 'open') {
      this.open = true;
      this.retries = 0;
      this.qrCodes = 0;
      const number = jidDecode(socket.user?.id)?.user;
      await status.report({ status: 'CONNECTED', ...(number ? { number } : {}) });
      return;
    }
    if (update.connection !== 'close') return;
    if (this.open) this.lostAt = new Date();
    this.open = false;
    this.detach();
    if (this.closed) return;
    const code = disconnectCode(update.lastDisconnect?.error);
    if (code === DisconnectReason.loggedOut) {
      // Unlinked from the phone: the keys are worthless; the next start asks for a new QR code.
      this.closed = true;
      await this.saving;
      this.keyCache.flushAll();
      await this.ctx.session.clear();
      await status.report({ status: 'DISCONNECTED' });
      return;
    }
    if (code === DisconnectReason.restartRequired) {
      // WhatsApp closes once right after a QR code is scanned: the pairing completes on the next connection.
      await status.report({ status: 'PAIRING' });
      return this.connect();
    }
    this.retries += 1;
    if (this.retries > this.deps.policy.maxRetries) return this.giveUp();
    await status.report({ status: 'TIMEOUT' });
    this.timer = setTimeout(
      () => void this.connect().catch((err) => this.fail(err, 'reconnect')),
      backoffDelay(this.retries, this.deps.policy),
    );
  }

  /** Stops retrying: the connection shows DISCONNECTED, with "try again" and "new QR" (restart, requestQr). */
  private async giveUp(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const socket = this.detach();
    await socket?.end(undefined);
    await this.ctx.status.report({ status: 'DISCONNECTED' });
  }

  private async onMessages(socket: WhatsappSocket, messages: WAMessage[]): Promise<void> {
    for (const message of messages) {
      if (await this.onProtocol(message)) continue;
      if (message.key.fromMe && message.key.id && this.deps.sentByUs(message.key.id)) continue;
      for (const { inbound, media } of normaliseInbound(message))
        await this.ingest(socket, message, inbound, media);
    }
  }

  private async ingest(
    socket: WhatsappSocket,
    message: WAMessage,
    inbound: InboundMessage,
    media: InboundMedia | null,
  ): Promise<void> {
    const { ctx, deps } = this;
    let mediaUrl: string | null = null;
    // Without a store for media (the SDK gives sessions none yet) the message arrives as its caption and type.
    if (media && deps.storeMedia) {
      try {
        const data = await deps.downloadMedia(message, socket);
        mediaUrl = await deps.storeMedia(ctx, { ...media, data });
      } catch (err) {
        ctx.logger.warn({ err, externalId: inbound.externalId }, 'whatsapp media download failed');
      }
    }
    const from = inbound.isGroup
      ? { ...inbound.from, name: await this.groupName(socket, message) }
      : inbound.from;
    await ctx.conversations.ingest(ctx.connection, { ...inbound, from, mediaUrl });
  }

  /** A group's subject, asked once per session (empty when WhatsApp does not answer: the group shows its id). */
  private groupName(socket: WhatsappSocket, message: WAMessage): Promise<string> {
    const jid = message.key.remoteJid ?? '';
    let name = this.groupNames.get(jid);
    if (!name) {
      name = socket
        .groupMetadata(jid)
        .then((g) => g.subject ?? '')
        .catch((err) => {
          this.ctx.logger.debug({ err, jid }, 'whatsapp group metadata unavailable');
          return '';
        });
      this.groupNames.set(jid, name);
    }
    return name;
  }

  /**
   * A protocol message about an earlier one: the contact deleted it for everyone (REVOKE) or edited it
   * (MESSAGE_EDIT); Balcão's copy follows (ConversationsPort.revoked / edited). Answers whether it was one.
   */
  private async onProtocol(message: WAMessage): Promise<boolean> {
    const protocol =
      message.message?.protocolMessage ?? message.message?.editedMessage?.message?.protocolMessage;
    if (!protocol) return false;
    const target = protocol.key?.id;
    const { conversations, connection } = this.ctx;
    if (target && protocol.type === proto.Message.ProtocolMessage.Type.REVOKE)
      await conversations.revoked(connection, target);
    else if (target && protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      const edited = protocol.editedMessage;
      const text = edited?.conversation ?? edited?.extendedTextMessage?.text;
      if (text) await conversations.edited(connection, target, text);
    }
    return true;
  }

  /**
   * Receipts of what Balcão sent: each message reaches its ack (2 delivered, 3 read, 4 played; never lowered by core),
   * and a read one marks the contact's earlier messages read too (ack 3).
   */
  private async onUpdates(updates: WAMessageUpdate[]): Promise<void> {
    const readers = new Set<string>();
    for (const { key, update } of updates) {
      if (!key.fromMe || typeof update.status !== 'number') continue;
      const ack = ACK_OF_STATUS[update.status];
      if (key.id && ack) await this.ctx.conversations.ack(this.ctx.connection, key.id, ack);
      if (update.status < proto.WebMessageInfo.Status.READ) continue;
      const contact = contactIdOf(key.remoteJid, key.remoteJidAlt);
      if (contact) readers.add(contact);
    }
    for (const contact of readers) await this.ctx.conversations.markRead(this.ctx.connection, contact);
  }
}
