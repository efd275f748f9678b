import { createHash } from 'node:crypto';
import {
  AppError,
  type ChannelConnection,
  type ChannelDefinition,
  type ChannelSendContext,
  type ChannelSessionContext,
  defineChannel,
  type OutboundMessage,
} from '@balcao/sdk';
import type { UserFacingSocketConfig } from '@whiskeysockets/baileys';
import type { MediaFile } from './outbound.js';
import type { DownloadMedia, WhatsappSession } from './session.js';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './session-policy.js';
import type { BaileysLogger, MakeSocket, WhatsappSocket } from './socket.js';

/** What `whatsappChannel` can be given; everything has a default. */
export interface WhatsappChannelOptions {
  /** Opens a Baileys socket: `makeWASocket` by default; tests pass a fake. */
  makeSocket?: MakeSocket;
  /** Baileys socket options over the adapter's own (browser name, timeouts; tests point the URL at loopback). */
  socketConfig?: Partial<UserFacingSocketConfig>;
  /** Retries, QR codes and backoff (DEFAULT_SESSION_POLICY). */
  policy?: Partial<SessionPolicy>;
  /**
   * Downloads inbound media: Baileys' downloadMediaMessage (with the phone's re-upload) by default; tests pass one that
   * answers bytes (the fake socket has no media servers). Files are stored and read through the contexts' `media`.
   */
  downloadMedia?: DownloadMedia;
  /** How many idempotency keys (and sent message ids) are remembered: a retried send within them is not repeated. */
  rememberSent?: number;
}

const silent: BaileysLogger = {
  level: 'silent',
  child: () => silent,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** Baileys and the modules built on it, loaded once, on first use (see runtime.ts). */
const runtime = () => import('./runtime.js');

const defaultDownload: DownloadMedia = async (message, socket) =>
  (await runtime()).downloadMediaMessage(
    message,
    'buffer',
    {},
    { reuploadRequest: (m) => socket.updateMediaMessage(m), logger: silent },
  );

/**
 * The WhatsApp message id for a delivery: derived from the idempotency key (Baileys' `3EB0…` form), so a resend after
 * the process died carries the id the first attempt had, and WhatsApp's clients take it as the same message.
 * @example whatsappMessageId(3, 'msg-42') // '3EB0' + 18 hex digits, the same on every call
 */
export const whatsappMessageId = (connectionId: number, idempotencyKey: string): string =>
  `3EB0${createHash('sha256').update(`balcao:${connectionId}:${idempotencyKey}`).digest('hex').toUpperCase().slice(0, 18)}`;

/** A map that forgets its oldest entries past `limit` (insertion order). */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V): this {
    super.set(key, value);
    for (const oldest of this.keys()) {
      if (this.size <= this.limit) break;
      this.delete(oldest);
    }
    return this;
  }
}

/**
 * The WhatsApp channel (ARCHITECTURE "The channel contract"): a linked device per connection through Baileys. Core
 * starts, stops, logs out and restarts it on the instance holding the connection's lease; its keys live in the
 * connection's SessionStore. `send` needs the session open (otherwise it throws and the outbox retries); an
 * idempotency key already sent in this process answers the first send's id instead of sending again.
 * @example definePlugin({ name: 'whatsapp', contributes: { channels: [whatsappChannel()] } })
 */
export function whatsappChannel(options: WhatsappChannelOptions = {}): ChannelDefinition {
  const policy = { ...DEFAULT_SESSION_POLICY, ...options.policy };
  const remember = options.rememberSent ?? 5_000;
  const sessions = new Map<number, WhatsappSession>();
  /** idempotency key → WhatsApp's id for the message (or the send under way). */
  const sent = new BoundedMap<string, Promise<string>>(remember);
  const ownIds = new BoundedMap<string, true>(remember);

  // Spec part 1 §8: a connection without a linked, open session answers ERR_WAPP_NOT_INITIALIZED.
  const socketOf = (connection: ChannelConnection): WhatsappSocket => {
    const socket = sessions.get(connection.id)?.connected;
    if (!socket) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409, { connectionId: connection.id });
    return socket;
  };

  /** What WhatsApp refused, as the spec's code for it (the outbox keeps it as the message's reason; the log, why). */
  const refused = async <T>(code: 'ERR_SENDING_WAPP_MSG' | 'ERR_DELETE_WAPP_MSG', work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(code, 502, { cause: err instanceof Error ? err.message : String(err) });
    }
  };

  async function deliver(message: OutboundMessage, ctx: ChannelSendContext): Promise<string> {
    const { connection } = ctx;
    const socket = socketOf(connection);
    const { carriesMedia, contentFor, jidOf, quotedMessage } = await runtime();
    // A file that cannot be read (not the company's, gone) throws in contentFor: the outbox marks it, nothing is lost.
    const file: MediaFile | null = carriesMedia(message)
      ? await ctx.media.read(message.mediaUrl ?? '')
      : null;
    const jid = jidOf(message.to);
    const content = contentFor(message, file);
    const result = await refused('ERR_SENDING_WAPP_MSG', () =>
      socket.sendMessage(jid, content, {
        messageId: whatsappMessageId(connection.id, message.idempotencyKey),
        ...(message.quoted ? { quoted: quotedMessage(jid, message.quoted) } : {}),
      }),
    );
    const id = result?.key.id;
    if (!id) throw new AppError('ERR_SENDING_WAPP_MSG', 502, { cause: 'no message id' });
    ownIds.set(id, true);
    return id;
  }

  async function startSession(ctx: ChannelSessionContext): Promise<void> {
    // Loaded before the old session stops, so nothing else waits between its stop and the new one's place in the map.
    const { makeWASocket, WhatsappSession } = await runtime();
    await sessions.get(ctx.connection.id)?.stop();
    const makeSocket: MakeSocket = options.makeSocket ?? ((config) => makeWASocket(config));
    const session = new WhatsappSession(ctx, {
      makeSocket,
      socketConfig: options.socketConfig,
      policy,
      downloadMedia: options.downloadMedia ?? defaultDownload,
      sentByUs: (id) => ownIds.has(id),
    });
    sessions.set(ctx.connection.id, session);
    await session.start();
  }

  async function endSession(ctx: ChannelSessionContext, how: 'stop' | 'logout'): Promise<void> {
    const session = sessions.get(ctx.connection.id);
    sessions.delete(ctx.connection.id);
    await session?.[how]();
  }

  return defineChannel({
    kind: 'whatsapp',
    // Phone numbers: it writes to any phone contact, needs a linked device, and has groups.
    traits: {
      contactAddress: 'phone',
      reaches: 'phone-numbers',
      needsSession: true,
      groups: true,
      // WhatsApp takes a message back from everyone for about two and a half days after it was sent.
      retractWithinHours: 60,
    },

    async send(message, ctx) {
      const key = `${ctx.connection.id}:${message.idempotencyKey}`;
      let pending = sent.get(key);
      if (!pending) {
        pending = deliver(message, ctx);
        sent.set(key, pending);
        // A failed send is forgotten: the outbox's retry must try again.
        pending.catch(() => sent.get(key) === pending && sent.delete(key));
      }
      return { ack: 1, externalId: await pending };
    },

    async retract(message, { connection }) {
      if (!message.externalId) return;
      const key = `${connection.id}:retract:${message.idempotencyKey}`;
      if (sent.has(key)) return;
      const socket = socketOf(connection);
      const jid = (await runtime()).jidOf(message.to);
      await refused('ERR_DELETE_WAPP_MSG', () =>
        socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe: true, id: message.externalId } }),
      );
      sent.set(key, Promise.resolve(message.externalId));
    },

    // Blue ticks: the contact sees their message read. A receipt WhatsApp refuses is retried by the outbox.
    async readReceipt(message, { connection }) {
      const key = `${connection.id}:read:${message.idempotencyKey}`;
      if (sent.has(key)) return;
      const socket = socketOf(connection);
      const { jidOf } = await runtime();
      const remoteJid = jidOf(message.to);
      await refused('ERR_SENDING_WAPP_MSG', () =>
        socket.readMessages([
          {
            remoteJid,
            id: message.externalId,
            fromMe: false,
            ...(message.participant ? { participant: jidOf(message.participant) } : {}),
          },
        ]),
      );
      sent.set(key, Promise.resolve(message.externalId));
    },

    // A reaction on a message of the chat (its key), or '' to take it off; once per idempotency key, as a send.
    async react(reaction, { connection }) {
      const key = `${connection.id}:react:${reaction.idempotencyKey}`;
      let pending = sent.get(key);
      if (!pending) {
        const socket = socketOf(connection);
        pending = refused('ERR_SENDING_WAPP_MSG', async () => {
          const { jidOf, reactionContent } = await runtime();
          const jid = jidOf(reaction.to);
          const result = await socket.sendMessage(
            jid,
            reactionContent(jid, reaction.emoji, reaction.target),
            {
              messageId: whatsappMessageId(connection.id, `react:${reaction.idempotencyKey}`),
            },
          );
          const id = result?.key.id;
          if (!id) throw new Error('no message id');
          ownIds.set(id, true);
          return id;
        });
        sent.set(key, pending);
        pending.catch(() => sent.get(key) === pending && sent.delete(key));
      }
      return { ack: 1, externalId: await pending };
    },

    // WhatsApp's own answer on a number (onWhatsApp): the account's number as WhatsApp writes it, or null.
    async checkAddress(address, { connection }) {
      const socket = socketOf(connection);
      const digits = address.replace(/\D/g, '');
      if (!digits) return null;
      const { jidDecode, jidOf } = await runtime();
      const [found] = (await socket.onWhatsApp(jidOf(digits))) ?? [];
      if (!found?.exists) return null;
      return jidDecode(found.jid)?.user ?? digits;
    },

    start: startSession,
    stop: (ctx) => endSession(ctx, 'stop'),
    logout: (ctx) => endSession(ctx, 'logout'),

    async requestQr(ctx) {
      await endSession(ctx, 'stop');
      await ctx.session.clear();
      await startSession(ctx);
    },
  });
}
