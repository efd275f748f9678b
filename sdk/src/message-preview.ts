import { parseVCard } from './vcard.js';

/** The media kinds whose uncaptioned message a ticket previews as a marker (`[audio]`), shown by the UI as an icon. */
export const MEDIA_PREVIEW_KINDS = [
  'audio',
  'image',
  'video',
  'application',
  'contactMessage',
  'locationMessage',
  'call_log',
] as const;
export type MediaPreviewKind = (typeof MEDIA_PREVIEW_KINDS)[number];

/** Longest `ticket.lastMessage` stored. */
export const LAST_MESSAGE_STORED_MAX = 255;

/** Invisible markers (a private media note's joiner, the automatic-text mark) are not text. */
const INVISIBLE = /[\u200d\u200e]/g;
const MARKER = /^\[([A-Za-z_]+)\]$/;

/**
 * The ticket's `lastMessage` for a message, wherever one is stored (outgoing, inbound): a contact card its name, a
 * message with visible text that text, anything else (a nameless card too) the marker of its kind, e.g. an uncaptioned voice note.
 * @example lastMessagePreview({ body: '', mediaType: 'audio' }) === '[audio]'
 */
export function lastMessagePreview(m: { body: string; mediaType?: string | null }): string {
  // A call log's body says only which kind of call it was: it previews as a call.
  if (m.mediaType === 'call_log') return '[call_log]';
  const card = m.mediaType === 'contactMessage' ? parseVCard(m.body) : null;
  const text = card
    ? card.name || '[contactMessage]'
    : m.body.replace(INVISIBLE, '').trim()
      ? m.body
      : `[${m.mediaType || 'chat'}]`;
  return text.slice(0, LAST_MESSAGE_STORED_MAX);
}

/**
 * The media kind a `lastMessage` marker stands for; null for text (and for markers of other kinds).
 * @example mediaPreviewKind('[audio]') === 'audio'; mediaPreviewKind('Olá') === null
 */
export function mediaPreviewKind(text: string | null | undefined): MediaPreviewKind | null {
  const kind = MARKER.exec(text?.trim() ?? '')?.[1];
  return (MEDIA_PREVIEW_KINDS as readonly string[]).includes(kind ?? '') ? (kind as MediaPreviewKind) : null;
}
