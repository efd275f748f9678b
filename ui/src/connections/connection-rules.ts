import type { Channel, ConnectionDto, ConnectionStatus, PlanFlag, PlanFlags } from '@balcao/sdk';
import { CONNECTION_FRAME, readFrame } from '@balcao/sdk';
import type { Intent } from '@blueprintjs/core';

/** A channel the "New connection" menu offers, and the plan flag it needs (web chat needs none). */
export interface NewConnectionChannel {
  channel: Channel;
  planFlag?: PlanFlag;
}

/** Spec part 1 "Connections screen": the new-connection menu, web chat first (every plan has it). */
export const NEW_CONNECTION_CHANNELS: readonly NewConnectionChannel[] = [
  { channel: 'webchat' },
  { channel: 'whatsapp', planFlag: 'useWhatsapp' },
  { channel: 'facebook', planFlag: 'useFacebook' },
  { channel: 'instagram', planFlag: 'useInstagram' },
];

/**
 * Why a new-connection entry is disabled: the plan lacks it, or no channel plugin of the tenant contributes it
 * (`available`: the kinds `GET /api/plugins` lists); null when enabled.
 */
export function channelBlock(
  entry: NewConnectionChannel,
  plan: Partial<PlanFlags>,
  available: ReadonlySet<string>,
): 'plan' | 'unavailable' | null {
  if (entry.planFlag && !plan[entry.planFlag]) return 'plan';
  return available.has(entry.channel) ? null : 'unavailable';
}

/** Spec part 1 §5: a greeting message is required when the connection serves more than one queue. */
export function greetingMissing(
  queueIds: readonly number[],
  greetingMessage: string | null | undefined,
): boolean {
  return queueIds.length > 1 && !greetingMessage?.trim();
}

/** The visitor's public page of a web chat connection. @example webchatPageUrl('https://x.io', 'ABC') */
export const webchatPageUrl = (origin: string, token: string): string => `${origin}/webchat/${token}`;

/** The `<script>` a website embeds to show the web chat button. */
export const embedSnippet = (origin: string, token: string): string =>
  `<script src="${webchatPageUrl(origin, token)}/embed.js"></script>`;

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
  // Events carry no token (connection secrets are for admins): the one the list read is kept.
  if (at >= 0) return others.map((c, i) => (i === at ? { ...next, token: next.token ?? c.token } : c));
  return [...others, next].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
