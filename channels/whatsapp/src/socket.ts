import type { ConnectionFailureReason, Logger } from '@balcao/sdk';
import type {
  AnyMessageContent,
  BaileysEventEmitter,
  Contact,
  GroupMetadata,
  MiscMessageGenerationOptions,
  UserFacingSocketConfig,
  WAMessage,
  WAMessageKey,
} from '@whiskeysockets/baileys';

/**
 * The part of Baileys' socket (`WASocket`) the adapter uses: its events, the account, sending, logging out and
 * closing. A real socket is one; tests hand a fake one (src/testing/fake-socket.ts) through `makeSocket`.
 */
export interface WhatsappSocket {
  ev: Pick<BaileysEventEmitter, 'on' | 'off'>;
  user: Contact | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
  /** A group's metadata (its subject names the group's contact). */
  groupMetadata(jid: string): Promise<Pick<GroupMetadata, 'id' | 'subject'>>;
  /** Asks the phone to upload expired media again (downloadMediaMessage's reupload). */
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  /** Which of these numbers (or jids) have a WhatsApp account: only those that do are listed, with their jid. */
  onWhatsApp(...phoneNumber: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  /**
   * Baileys' store of which LID (WhatsApp's privacy id) is which phone number, kept with the session's keys: a contact
   * who writes from a LID is known by their number where WhatsApp told it before.
   */
  signalRepository?: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
  /** Sends read receipts (the contact sees blue ticks) for these messages of theirs. */
  readMessages(keys: WAMessageKey[]): Promise<void>;
  /** Declines a ringing call. */
  rejectCall(callId: string, callFrom: string): Promise<void>;
  /** Asks WhatsApp to tell this chat's presence (typing, recording) from now on (`presence.update`). */
  presenceSubscribe(jid: string): Promise<void>;
  /** The URL of a profile picture (throws when there is none or it is hidden from the account). */
  profilePictureUrl(jid: string, type?: 'preview' | 'image', timeoutMs?: number): Promise<string | undefined>;
}

/** Baileys' logger interface (not exported by name from the package). */
export type BaileysLogger = NonNullable<UserFacingSocketConfig['logger']>;

/** Opens a socket: Baileys' `makeWASocket` by default. */
export type MakeSocket = (config: UserFacingSocketConfig) => WhatsappSocket;

/**
 * Baileys' logger interface over Balcão's: Baileys talks a lot, so its info goes to debug and its trace nowhere.
 * @example makeWASocket({ auth, logger: baileysLogger(ctx.logger) })
 */
export function baileysLogger(logger: Logger): BaileysLogger {
  return {
    level: 'debug',
    child: (bindings) => baileysLogger(logger.child(bindings)),
    trace: () => {},
    debug: (obj, msg) => logger.debug(obj as object, msg),
    info: (obj, msg) => logger.debug(obj as object, msg),
    warn: (obj, msg) => logger.warn(obj as object, msg),
    error: (obj, msg) => logger.error(obj as object, msg),
  };
}

/**
 * Why a session closed, for the connection's row (issue 24), from Baileys' DisconnectReason status: 408 timed out or
 * connection lost, 428 closed (no network); 401 logged out on the phone; 403 forbidden (a banned number); 405, 411,
 * 500 and 503 WhatsApp refused the connection or the session; 440 replaced by another session; otherwise unknown.
 * @example failureReason(401) === 'logged-out'
 */
export function failureReason(code: number | undefined): ConnectionFailureReason {
  if (code === 408 || code === 428) return 'no-network';
  if (code === 401) return 'logged-out';
  if (code === 403) return 'banned';
  if (code === 405 || code === 411 || code === 500 || code === 503) return 'refused';
  if (code === 440) return 'replaced';
  return 'unknown';
}

/** The HTTP status of a Baileys disconnect error (a Boom carries `output.statusCode`); undefined when it has none. */
export function disconnectCode(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** A close's status and the reason the connection's row shows. @example closeOf(err) // { code: 408, reason: 'no-network' } */
export function closeOf(error: unknown): { code: number | undefined; reason: ConnectionFailureReason } {
  const code = disconnectCode(error);
  return { code, reason: failureReason(code) };
}
