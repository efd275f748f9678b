import type { ChannelSessionContext, ConnectionFailureReason, InboundMessage } from '@balcao/sdk';
import {
  type BaileysEventMap,
  Browsers,
  DisconnectReason,
  jidDecode,
  makeCacheableSignalKeyStore,
  proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import { sessionStoreAuthState } from './auth-state.js';
import { onCalls } from './calls.js';
import { HistorySync, historySocketConfig } from './history.js';
import { LateIdentities, withPhoneNumbers } from './identity.js';
import { contactIdOf, type InboundMedia, normaliseInbound } from './inbound.js';
import { followPresence, presenceChanged } from './presence.js';
import { backoffDelay, KeyCache, type SessionPolicy } from './session-policy.js';
import { baileysLogger, closeOf, type MakeSocket, type WhatsappSocket } from './socket.js';

/** WhatsApp's receipt statuses as Balcão's acks: server (1 sent), delivery (2), read (3), played (4). */
const ACK_OF_STATUS: Partial<Record<number, number>> = {
  [proto.WebMessageInfo.Status.SERVER_ACK]: 1,
  [proto.WebMessageInfo.Status.DELIVERY_ACK]: 2,
  [proto.WebMessageInfo.Status.READ]: 3,
  [proto.WebMessageInfo.Status.PLAYED]: 4,
};
/** Downloads an inbound message's media (Baileys' downloadMediaMessage by default). */
export type DownloadMedia = (message: WAMessage, socket: WhatsappSocket) => Promise<Uint8Array>;

/** How long a profile picture's URL is waited for before the message goes in without it. */
const PICTURE_TIMEOUT_MS = 5_000;
/** Contacts whose profile picture this session asked for (the oldest are asked again after this many). */
const PICTURES_REMEMBERED = 5_000;

export interface SessionDeps {
  makeSocket: MakeSocket;
  /** Baileys options over the adapter's (tests point `waWebSocketUrl` at loopback). */
  socketConfig?: Partial<UserFacingSocketConfig>;
  policy: SessionPolicy;
  downloadMedia: DownloadMedia;
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
  /** Chat jid → its profile picture's URL (null: none, hidden or unanswered), asked once per session. */
  private readonly pictures = new KeyCache(PICTURES_REMEMBERED);
  private history: HistorySync | undefined;
  /** Chats whose presence this session subscribed to. */
  private readonly followed = new Set<string>();
  /** When the open connection was last lost (a reconnect fills the gap from WhatsApp's history sync). */
  private lostAt: Date | undefined;
  /** LID contacts made one with their number's when the session learns the mapping late (identity.ts). */
  private readonly identities: LateIdentities;

  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly deps: SessionDeps,
  ) {
    this.identities = new LateIdentities(ctx);
  }

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
      socket,
      deps: this.deps,
      live: (messages) => this.onMessages(socket, messages),
      identities: this.identities,
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
    this.listen(
      socket,
      'call',
      guarded('call', (calls) => onCalls(this.ctx, socket, calls)),
    );
    this.listen(
      socket,
      'presence.update',
      guarded('presence', (u) => presenceChanged(this.ctx, u)),
    );
    this.listen(
      socket,
      'lid-mapping.update',
      guarded('LID mapping', (mapping) => this.identities.learnt([mapping])),
    );
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
      if (this.qrCodes > this.deps.policy.maxQrCodes) return this.giveUp('qr-not-scanned');
      await status.report({ status: 'qrcode', qrcode: update.qr });
    }
    if (update.connection === 'open') {
      this.open = true;
      this.retries = 0;
      this.qrCodes = 0;
      const number = jidDecode(socket.user?.id)?.user;
      await status.report({ status: 'CONNECTED', ...(number ? { number } : {}) });
      return this.history?.opened();
    }
    if (update.connection !== 'close') return;
    if (this.open) this.lostAt = new Date();
    this.open = false;
    this.detach();
    if (this.closed) return;
    const { code, reason } = closeOf(update.lastDisconnect?.error);
    if (code === DisconnectReason.loggedOut) {
      // Unlinked from the phone: the keys are worthless; the next start asks for a new QR code.
      this.closed = true;
      await this.saving;
      this.keyCache.flushAll();
      await this.ctx.session.clear();
      await status.report({ status: 'DISCONNECTED', reason: 'logged-out' });
      return;
    }
    // A banned or forbidden number is refused again on every retry: say so now.
    if (code === DisconnectReason.forbidden) return this.giveUp(reason);
    if (code === DisconnectReason.restartRequired) {
      // WhatsApp closes once right after a QR code is scanned: the pairing completes on the next connection.
      await status.report({ status: 'PAIRING' });
      return this.connect();
    }
    this.retries += 1;
    if (this.retries > this.deps.policy.maxRetries) return this.giveUp(reason);
    await status.report({ status: 'TIMEOUT', reason });
    this.timer = setTimeout(
      () => void this.connect().catch((err) => this.fail(err, 'reconnect')),
      backoffDelay(this.retries, this.deps.policy),
    );
  }

  /** Stops retrying: the connection shows DISCONNECTED, with "try again" and "new QR" (restart, requestQr). */
  private async giveUp(reason: ConnectionFailureReason): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const socket = this.detach();
    await socket?.end(undefined);
    await this.ctx.status.report({ status: 'DISCONNECTED', reason });
  }

  private async onMessages(socket: WhatsappSocket, messages: WAMessage[]): Promise<void> {
    for (const received of messages) {
      const message = { ...received, key: await withPhoneNumbers(socket, received.key) };
      await this.identities.fromKey(message.key); // a LID contact from before joins the number's first
      if (await this.onProtocol(message)) continue;
      if (message.key.fromMe && message.key.id && this.deps.sentByUs(message.key.id)) continue;
      for (const { inbound, media } of normaliseInbound(message))
        await this.ingest(socket, message, inbound, media);
      followPresence(this.ctx, socket, this.followed, message);
    }
  }

  private async ingest(
    socket: WhatsappSocket,
    message: WAMessage,
    inbound: InboundMessage,
    media: InboundMedia | null,
  ): Promise<void> {
    const { ctx } = this;
    const mediaUrl = media ? await this.storeMedia(socket, message, inbound, media) : null;
    const name = inbound.isGroup ? await this.groupName(socket, message) : inbound.from.name;
    const picture = await this.picture(socket, message.key.remoteJid ?? '');
    await ctx.conversations.ingest(ctx.connection, {
      ...inbound,
      from: { ...inbound.from, name, picture },
      mediaUrl,
    });
  }

  /**
   * Downloads the media and stores it with the connection's company (ctx.media); its URL, or null when either fails
   * (ERR_WAPP_DOWNLOAD_MEDIA, logged): the message is still ingested, with its caption and type, never lost.
   */
  private async storeMedia(
    socket: WhatsappSocket,
    message: WAMessage,
    inbound: InboundMessage,
    media: InboundMedia,
  ): Promise<string | null> {
    try {
      const data = await this.deps.downloadMedia(message, socket);
      const stored = await this.ctx.media.store({ data, fileName: media.fileName, mimeType: media.mimeType });
      return stored.url;
    } catch (err) {
      this.ctx.logger.warn(
        { err, code: 'ERR_WAPP_DOWNLOAD_MEDIA', externalId: inbound.externalId },
        'whatsapp media download failed: the message is stored without its file',
      );
      return null;
    }
  }

  /**
   * The chat's profile picture (a person's or a group's), asked once per session: a new contact gets it, a known one
   * has it refreshed when it changed. None when WhatsApp has none or hides it, or does not answer in time.
   */
  private picture(socket: WhatsappSocket, jid: string): Promise<string | null> {
    let url = this.pictures.get<Promise<string | null>>(jid);
    if (!url) {
      url = socket
        .profilePictureUrl(jid, 'image', PICTURE_TIMEOUT_MS)
        .then((u) => u ?? null)
        .catch((err) => {
          this.ctx.logger.debug({ err, jid }, 'whatsapp profile picture unavailable');
          return null;
        });
      this.pictures.set(jid, url);
    }
    return url;
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
