import {
  CONNECTION_FRAME,
  type ConnectionDto,
  type ConnectionFailureReason,
  type ConnectionStatus,
  IMPORT_MESSAGES_FRAME,
  IMPORT_STATUS,
  importPreparingMs,
  type PlanFlags,
  planHas,
  readFrame,
  SESSION_FRAME,
} from '@balcao/sdk';
import type { UiConnectionChannel, UiPluginDefinition } from '@balcao/sdk/ui';
import type { Intent } from '@blueprintjs/core';

/**
 * The channels of the spec's new-connection menu that no plugin provides yet, in the same shape a channel plugin's
 * UI declares (`connectionChannels`): the one place the shell names channels. They show disabled ("unavailable")
 * until a plugin contributes them, and a plugin's declaration replaces the default.
 */
export const SHELL_CONNECTION_CHANNELS: readonly UiConnectionChannel[] = [
  { channel: 'whatsapp', planFlag: 'useWhatsapp' },
  { channel: 'facebook', planFlag: 'useFacebook' },
  { channel: 'instagram', planFlag: 'useInstagram' },
];

/** One entry of the "New connection" menu and the plugin that declared it (null: a shell default). */
export interface NewConnectionEntry {
  plugin: string | null;
  entry: UiConnectionChannel;
}

/**
 * Spec part 1 "Connections screen": the new-connection menu. The loaded plugins' channels first, in the server's
 * order (web chat's plugin comes first), then the shell defaults for channels no plugin declared; one entry per
 * channel, the first declaration winning.
 */
export function newConnectionEntries(
  plugins: readonly UiPluginDefinition[],
  defaults: readonly UiConnectionChannel[] = SHELL_CONNECTION_CHANNELS,
): NewConnectionEntry[] {
  const out: NewConnectionEntry[] = [];
  const seen = new Set<string>();
  const add = (plugin: string | null, entry: UiConnectionChannel) => {
    if (seen.has(entry.channel)) return;
    seen.add(entry.channel);
    out.push({ plugin, entry });
  };
  for (const plugin of plugins) for (const entry of plugin.connectionChannels ?? []) add(plugin.name, entry);
  for (const entry of defaults) add(null, entry);
  return out;
}

/**
 * Why a new-connection entry is disabled: the plan lacks it, or no channel plugin of the tenant contributes it
 * (`available`: the kinds `GET /api/plugins` lists); null when enabled.
 */
export function channelBlock(
  entry: UiConnectionChannel,
  plan: Partial<PlanFlags>,
  available: ReadonlySet<string>,
): 'plan' | 'unavailable' | null {
  if (entry.planFlag && !planHas(plan, entry.planFlag)) return 'plan';
  return available.has(entry.channel) ? null : 'unavailable';
}

/** Spec part 1 §5: a greeting message is required when the connection serves more than one queue. */
export function greetingMissing(
  queueIds: readonly number[],
  greetingMessage: string | null | undefined,
): boolean {
  return queueIds.length > 1 && !greetingMessage?.trim();
}

/**
 * The web chat's embedding sites as typed (one per line; commas and spaces also separate them): the list the server
 * checks, or null for none. @example originList('https://a.com\nhttps://b.com') // ['https://a.com', 'https://b.com']
 */
export const originList = (text: string): string[] | null => {
  const origins = text.split(/[\s,]+/).filter(Boolean);
  return origins.length ? origins : null;
};

/** The status tag's colour: online green, waiting for the phone amber, broken red. */
export function statusIntent(status: ConnectionStatus): Intent {
  if (status === 'CONNECTED') return 'success';
  if (status === 'DISCONNECTED' || status === 'TIMEOUT') return 'danger';
  return 'warning';
}

/**
 * Applies a `company-{id}-whatsapp` frame to the list: `update` replaces or adds the connection (a new default
 * clears the old one's flag, as the server does), `delete` drops it. Unknown frames leave the list as it was.
 */
export function applyConnectionEvent(list: readonly ConnectionDto[], data: unknown): ConnectionDto[] {
  const frame = readFrame(CONNECTION_FRAME, data);
  if (!frame) return [...list];
  if (frame.action === 'delete') return list.filter((c) => c.id !== frame.whatsappId);
  const next = frame.whatsapp;
  const others = list.map((c) => (next.isDefault && c.id !== next.id ? { ...c, isDefault: false } : c));
  const at = others.findIndex((c) => c.id === next.id);
  // Events carry no token nor QR code (connection secrets are for admins): those the list read are kept.
  if (at >= 0)
    return others.map((c, i) =>
      i === at ? { ...next, token: next.token ?? c.token, qrcode: next.qrcode ?? c.qrcode } : c,
    );
  return [...others, next].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * Applies a `company-{id}-whatsappSession` frame: the connection's status, number, QR code and retries as the session
 * reports them (the token the list read is kept). A frame of a connection the list lacks, or an unknown one, changes
 * nothing: the `whatsapp` frames add connections.
 */
export function applySessionEvent(list: readonly ConnectionDto[], data: unknown): ConnectionDto[] {
  const frame = readFrame(SESSION_FRAME, data);
  if (!frame) return [...list];
  const { session } = frame;
  return list.map((c) => (c.id === session.id ? { ...c, ...session, token: session.token ?? c.token } : c));
}

/** A session action of the connections screen's "session" column (spec part 1 §4 Connection status). */
export type SessionAction =
  | 'qrcode'
  | 'retry'
  | 'newQr'
  | 'disconnect'
  | 'connecting'
  | 'preparing'
  | 'closeImported';

/** What of a connection its session actions depend on. */
export type SessionActionsOf = Pick<ConnectionDto, 'status' | 'traits'> &
  Partial<Pick<ConnectionDto, 'statusImportMessages' | 'importOldMessages' | 'importStartedAt'>>;

/**
 * The session actions a connection offers at `now`: none for channels without a remote session; `qrcode` shows the QR
 * code, DISCONNECTED offers try again and a new QR, CONNECTED, PAIRING and TIMEOUT a disconnect, OPENING a disabled
 * "connecting". @example sessionActions({ status: 'DISCONNECTED', traits }, Date.now()) // ['retry', 'newQr']
 */
export function sessionActions(c: SessionActionsOf, now: number): SessionAction[] {
  if (!c.traits.needsSession) return [];
  // Spec part 1 §4 "Import of old messages": an import started under 35 seconds ago shows a disabled "preparing"
  // button (importPreparingMs; afterwards the progress card tells how it goes); one that left imported tickets open
  // offers to close them.
  const preparing =
    importPreparingMs(
      {
        importOldMessages: c.importOldMessages ?? null,
        importStartedAt: c.importStartedAt ?? null,
        statusImportMessages: c.statusImportMessages ?? null,
      },
      now,
    ) > 0;
  const importing: SessionAction[] = preparing
    ? ['preparing']
    : c.statusImportMessages === IMPORT_STATUS.offerClose
      ? ['closeImported']
      : [];
  switch (c.status) {
    case 'qrcode':
      return ['qrcode', ...importing];
    case 'DISCONNECTED':
      return ['retry', 'newQr', ...importing];
    case 'OPENING':
      return ['connecting', ...importing];
    default:
      return ['disconnect', ...importing];
  }
}

/** A connection's history import in progress: `done` messages of `total`; `done` -1 while preparing. */
export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * Applies a `company-{id}-importMessages` frame (spec part 1 "Import progress event"): `update` sets the connection's
 * progress, `refresh` ends it. Unknown frames change nothing.
 */
export function applyImportEvent(
  progress: ReadonlyMap<number, ImportProgress>,
  data: unknown,
): ReadonlyMap<number, ImportProgress> {
  const frame = readFrame(IMPORT_MESSAGES_FRAME, data);
  if (!frame) return progress;
  const next = new Map(progress);
  if (frame.action === 'refresh') next.delete(frame.whatsappId);
  else next.set(frame.whatsappId, { done: frame.status.this, total: frame.status.all });
  return next;
}

/**
 * Spec part 1 "a warning when saving a changed connection that needs a new QR code": WhatsApp hands its history over
 * once, when a phone is linked, so a changed import window of a linked connection only takes effect with a new QR code.
 * @example needsNewQr(connection, { importOldMessages: '2026-01-01', importRecentMessages: '' }) // true when linked
 */
export function needsNewQr(
  before: Pick<ConnectionDto, 'status' | 'traits' | 'importOldMessages' | 'importRecentMessages'>,
  after: { importOldMessages: string; importRecentMessages: string },
): boolean {
  if (!before.traits.needsSession || before.status !== 'CONNECTED') return false;
  const day = (iso: string | null | undefined) => (iso ?? '').slice(0, 10);
  return (
    day(before.importOldMessages) !== day(after.importOldMessages) ||
    day(before.importRecentMessages) !== day(after.importRecentMessages)
  );
}

/** The connection dialog's tab of each form field the general tab does not hold. */
const TAB_OF_FIELD: Readonly<Record<string, string>> = {
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  inactiveMessage: 'messages',
  timeInactiveMessage: 'messages',
  expiresInactiveMessage: 'messages',
  lgpdMessage: 'messages',
  lgpdLink: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  ratingMessage: 'nps',
  maxUseBotQueuesNps: 'nps',
  expiresTicketNps: 'nps',
  schedules: 'schedules',
  botEngine: 'integrations',
};

/** The tab that shows a field, so an error opens where it can be fixed. @example connectionTabOf('sendIdQueue') // 'chatbot' */
export const connectionTabOf = (field: string): string => TAB_OF_FIELD[field] ?? 'general';

/**
 * The send-queue delay's choices in minutes as labelled, and the minutes each stores (spec part 1 §9: "0 (disabled), 5,
 * 10, 15, 20, 25, 30, 60 minutes (20 and 25 are mapped to 15)"). The spec settles it that way, so 20 and 25 are offered
 * and store 15, as the reference product's select did (its 20 and 25 entries carried the value 15).
 */
export const SEND_QUEUE_DELAYS: readonly { label: number; minutes: number }[] = [
  { label: 0, minutes: 0 },
  { label: 5, minutes: 5 },
  { label: 10, minutes: 10 },
  { label: 15, minutes: 15 },
  { label: 20, minutes: 15 },
  { label: 25, minutes: 15 },
  { label: 30, minutes: 30 },
  { label: 60, minutes: 60 },
];

/**
 * The choices to offer for a stored delay: the spec's, plus the stored value as itself when the API set another (so the
 * form shows it and saving keeps it).
 * @example sendQueueDelayChoices(7).map((c) => c.label) // [0, 5, 7, 10, 15, 20, 25, 30, 60]
 */
export function sendQueueDelayChoices(stored: number): { label: number; minutes: number }[] {
  if (SEND_QUEUE_DELAYS.some((d) => d.minutes === stored)) return [...SEND_QUEUE_DELAYS];
  return [...SEND_QUEUE_DELAYS, { label: stored, minutes: stored }].sort((a, b) => a.label - b.label);
}

/** The minutes a chosen label stores (20 and 25 store 15). @example sendQueueDelayMinutes(25) === 15 */
export function sendQueueDelayMinutes(label: number): number {
  return SEND_QUEUE_DELAYS.find((d) => d.label === label)?.minutes ?? label;
}

/** Why the session failed, while it shows TIMEOUT or DISCONNECTED; null otherwise. */
export function failureOf(
  connection: Pick<ConnectionDto, 'status' | 'failureReason'> | null,
): ConnectionFailureReason | null {
  if (!connection?.failureReason) return null;
  return connection.status === 'TIMEOUT' || connection.status === 'DISCONNECTED'
    ? connection.failureReason
    : null;
}
