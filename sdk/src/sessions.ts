import { z } from 'zod';
import type { ChannelConnection, ChannelMedia } from './channel.js';
import type { ChannelTraits } from './channel-traits.js';
import type { ConversationsPort } from './conversations-port.js';
import type { Logger } from './ports.js';
import {
  type Channel,
  CONNECTION_FAILURE_REASONS,
  CONNECTION_STATUSES,
  type ConnectionStatus,
} from './schemas/attendance.js';

// Stateful channels (ARCHITECTURE "The channel contract"): an adapter that keeps a remote session (WhatsApp's linked
// device) is started, stopped and logged out by core, on the one instance that holds the connection's lease, and
// keeps its session (auth keys) in a SessionStore core hands it — PostgreSQL, encrypted at rest, never the local disk.

/**
 * A status a stateful adapter reports (spec part 1 §4): `qrcode` with the QR text to scan, `CONNECTED` with the
 * account's number, TIMEOUT or DISCONNECTED with the failure's `reason` when the adapter knows it. Core stores it on the connection (status, qrcode, number, retries), publishes it on
 * `company-{id}-whatsappSession` and emits `connection.status`.
 * @example sessionStatusReportSchema.parse({ status: 'qrcode', qrcode: '2@abc…' })
 */
export const sessionStatusReportSchema = z.object({
  status: z.enum(CONNECTION_STATUSES),
  qrcode: z.string().min(1).max(4000).optional(),
  number: z.string().min(1).max(50).optional(),
  /** Why it failed, with TIMEOUT or DISCONNECTED (optional: adapters that do not say keep working). */
  reason: z.enum(CONNECTION_FAILURE_REASONS).optional(),
});
export type SessionStatusReport = z.infer<typeof sessionStatusReportSchema>;

/** Where an adapter tells core how its session is. @example await ctx.status.report({ status: 'CONNECTED', number: '5511999990000' }) */
export interface StatusReporter {
  report(report: SessionStatusReport): Promise<void>;
}

/**
 * A connection's own key/value store for its session (Baileys' creds and signal keys), in PostgreSQL and encrypted
 * at rest. Values are strings (serialise with `JSON.stringify(v, BufferJSON.replacer)`). Core clears it when the
 * connection logs out or is deleted.
 * @example await ctx.session.set('creds', JSON.stringify(creds)); const raw = await ctx.session.get('creds')
 */
export interface SessionStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every entry whose key starts with `prefix` ('' for all), by key. */
  list(prefix: string): Promise<{ key: string; value: string }[]>;
  clear(): Promise<void>;
}

/**
 * The old messages a connection asks to import when its session connects (spec part 1 §3 Connection
 * importOldMessages, importRecentMessages, importOldMessagesGroups): from `from` to `until` (null: now).
 * @example { from: new Date('2025-01-01'), until: null, groups: false }
 */
export interface HistoryImportWindow {
  from: Date;
  until: Date | null;
  /** Group chats too. */
  groups: boolean;
}

/**
 * Where a stateful adapter runs a history import through core: the window asked for, then progress as it goes, then
 * the end. Core keeps the connection's statusImportMessages and tells the company's screens (the `importMessages`
 * frames); the adapter never names realtime channels. Messages themselves go through `conversations.ingestHistory`.
 * @example const w = await ctx.history?.window(); await ctx.history?.progress(-1, 0); … await ctx.history?.finished()
 */
export interface HistoryImportReporter {
  /** The import the connection asks for now, or null (no old-messages date, or already done). */
  window(): Promise<HistoryImportWindow | null>;
  /** `processed` of `total` messages are in; -1 while preparing (collecting what WhatsApp sends). */
  progress(processed: number, total: number): Promise<void>;
  /** The import ended: imported tickets close (closedTicketsPostImported) or the close action is offered. */
  finished(): Promise<void>;
}

/**
 * What a stateful adapter's lifecycle hooks receive: the connection, its session store, the status reporter, the
 * door for what it receives (inbound messages go through `conversations.ingest`), the media store of the
 * connection's company (a received file is stored with `media.store`, and its URL ingested as `mediaUrl`) and, where
 * core runs imports, the history import reporter.
 * @example async start({ connection, session, status }) { await status.report({ status: 'OPENING' }) }
 */
export interface ChannelSessionContext {
  connection: ChannelConnection;
  session: SessionStore;
  status: StatusReporter;
  conversations: ConversationsPort;
  media: ChannelMedia;
  logger: Logger;
  /** History import (optional: a core without it offers none). */
  history?: HistoryImportReporter;
}

/**
 * The lifecycle of a channel with a remote session (`traits.needsSession`), all optional on `ChannelDefinition`.
 * Core calls them on the instance that owns the connection's lease, never two at once for one connection.
 * - `start`: open the session (resume from the store, or report `qrcode`); called on boot, takeover and "try again".
 * - `stop`: close it and keep the store (shutdown, lease lost).
 * - `logout`: unlink the account; core then clears the store and reports DISCONNECTED.
 * - `restart`: default `stop` then `start`.
 * - `requestQr`: a new QR code; default `stop`, clear the store, `start`.
 * @example defineChannel({ kind: 'whatsapp', send, start: (ctx) => openSocket(ctx), stop: (ctx) => closeSocket(ctx) })
 */
export interface ChannelLifecycle {
  start?(ctx: ChannelSessionContext): Promise<void>;
  stop?(ctx: ChannelSessionContext): Promise<void>;
  logout?(ctx: ChannelSessionContext): Promise<void>;
  restart?(ctx: ChannelSessionContext): Promise<void>;
  requestQr?(ctx: ChannelSessionContext): Promise<void>;
}

/** A connection as the ConnectionsPort answers it. @example { id: 3, channel: 'whatsapp', status: 'CONNECTED', number: '5511…', isDefault: true } */
export interface ConnectionInfo extends ChannelConnection {
  status: ConnectionStatus;
  number: string | null;
  isDefault: boolean;
}

/**
 * What a channel said of an address (ConnectionsPort.checkAddress): it exists, written `address` (WhatsApp may write a
 * Brazilian mobile without its ninth digit), it does not, or nobody could tell now — `reason`: no loaded channel (or
 * not `channel`) can check (`no-check`), no CONNECTED connection of such a channel (`no-connection`), no session owner
 * answering (`session-unavailable`), or the channel's check failing for this number (`check-failed`).
 * @example { status: 'valid', address: '551199990000' }
 */
export type AddressCheck =
  | { status: 'valid'; address: string }
  | { status: 'invalid' }
  | { status: 'unknown'; reason: 'no-check' | 'no-connection' | 'session-unavailable' | 'check-failed' };

/**
 * The company's connections, for plugins (bound to the scope's company).
 * @example const main = await connections.default(); await connections.reportStatus(main.id, { status: 'CONNECTED' })
 */
export interface ConnectionsPort {
  /**
   * By name; only those of `channel` when given, and only those whose channel reaches `reaches` (its adapter's trait:
   * 'phone-numbers' for a channel that writes to any phone number) when given.
   * @example const phones = await connections.list({ reaches: 'phone-numbers' })
   */
  list(filter?: { channel?: string; reaches?: ChannelTraits['reaches'] }): Promise<ConnectionInfo[]>;
  /** The company's default connection, or null when it has none. */
  default(): Promise<ConnectionInfo | null>;
  find(id: number): Promise<ConnectionInfo | null>;
  /** For a channel the plugin contributes only: report the session status of one of its connections. */
  reportStatus(connectionId: number, report: SessionStatusReport): Promise<void>;
  /**
   * For a channel the plugin contributes only: a new connection, under the plan's connection limit and channel flags
   * (as `POST /api/whatsapp`: 403 ERR_NO_PERMISSION, ERR_CHANNEL_NOT_IN_PLAN; 409 ERR_DUPLICATED_CONNECTION).
   * @example const page = await connections.create({ name: 'Loja Azul', channel: 'facebook' })
   */
  create(input: { name: string; channel: Channel }): Promise<ConnectionInfo>;
  /**
   * Before any call outside (Graph) that would link a connection of `channel` to `account`: 403 ERR_CHANNEL_NOT_IN_PLAN
   * when the company's plan does not offer the channel; 409 ERR_CHANNEL_ACCOUNT_TAKEN when another company's connection
   * already has that account (a page links to one company only). Without `account`, the plan only.
   * @example await connections.checkLink('facebook', page.id)
   */
  checkLink(channel: Channel, account?: string): Promise<void>;
  /**
   * Asks a channel whether `number` exists there and how it writes it (ChannelDefinition.checkAddress), through a
   * CONNECTED connection of the company — of `channel` when given, else of any channel that can check — the default
   * first. Any plugin may ask. Never throws for the channel's sake (see AddressCheck); a number that is not 8–50
   * digits once the rest is dropped is 400 ERR_VALIDATION.
   * @example const check = await connections.checkAddress({ number: '5511999990000' }) // { status: 'invalid' }
   */
  checkAddress(input: { number: string; channel?: string }): Promise<AddressCheck>;
  /**
   * For a channel the plugin contributes only: the connection's own encrypted store, which its adapter reads in `send`
   * (ChannelSendContext.session). @example await (await connections.session(id)).set('accessToken', token)
   */
  session(connectionId: number): Promise<SessionStore>;
}

/**
 * The plugin's own configuration for the company (API keys, webhook secrets): one namespace per plugin and company,
 * values encrypted at rest. `set(key, null)` removes it.
 * @example await config.set('apiKey', 'sk-…'); const key = await config.get('apiKey')
 */
export interface ConfigPort {
  get(key: string): Promise<string | null>;
  set(key: string, value: string | null): Promise<void>;
  /** Every key of the plugin's namespace, sorted (a connection's settings are not among them). */
  keys(): Promise<string[]>;
  /**
   * The plugin's settings for one connection of the company (what its tab in the connection dialog saves: the
   * `connection.dialog.tabs` slot): the same encrypted store, a namespace per connection, gone with the connection.
   * Another company's connection, or none, is 404 ERR_NO_WAPP_FOUND. A connection's own settings have no `forConnection`.
   * @example const c = await config.forConnection(connectionId); await c.set('promptId', '7')
   */
  forConnection(connectionId: number): Promise<ConnectionConfig>;
}

/** A plugin's settings for one connection (ConfigPort.forConnection). @example await c.get('promptId') */
export type ConnectionConfig = Omit<ConfigPort, 'forConnection'>;

/** Keys of SessionStore and ConfigPort: 1–200 printable characters. @example sessionKeySchema.parse('creds') */
export const sessionKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/**
 * ConnectionsPort.checkAddress's input: a number of 8–50 digits once the rest is dropped (as contacts' numbers), and
 * optionally the channel kind to ask through. @example addressCheckInputSchema.parse({ number: '+55 11 99999-0000' })
 */
export const addressCheckInputSchema = z.object({
  number: z
    .string()
    .max(100, 'Too Long!')
    .refine((v) => {
      const digits = v.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 50;
    }, 'Invalid number'),
  channel: z
    .string()
    .max(50)
    .regex(/^[a-z][a-z0-9-]*$/, 'Invalid option')
    .optional(),
});
