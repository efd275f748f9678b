import { type OutboundMessage, parseVCard, type QuotedMessage } from '@balcao/sdk';
import type { AnyMessageContent, WAMessage } from '@whiskeysockets/baileys';
import { jidOf } from './inbound.js';

/** A stored file's bytes, as the adapter's media reader answers them. */
export interface MediaFile {
  data: Uint8Array;
  mimeType: string;
  fileName: string;
}

/** The coordinates and name of a location body (`|https://maps…?q=lat,lng|name`, or a bare `lat,lng`). */
export function parseLocation(body: string): { latitude: number; longitude: number; name: string } | null {
  const parts = body.split('|');
  const link = parts.find((p) => /^https?:\/\//.test(p));
  const at = link ? (URL.canParse(link) ? new URL(link).searchParams.get('q') : null) : body.trim();
  const match = /^(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)$/.exec(at ?? '');
  if (!match) return null;
  return {
    latitude: Number(match[1]),
    longitude: Number(match[2]),
    name: parts.length > 2 ? parts.slice(2).join('|') : '',
  };
}

/** The kinds of OutboundMessage that carry a stored file. */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'application'] as const;

/** Whether the message carries a file the adapter must read before sending. */
export const carriesMedia = (m: Pick<OutboundMessage, 'mediaType' | 'mediaUrl'>): boolean =>
  Boolean(m.mediaUrl) && (MEDIA_KINDS as readonly string[]).includes(m.mediaType ?? '');

/**
 * What Baileys sends for an attendant's message: text, a file with its caption (a recorded audio as a voice note, PTT;
 * another audio as a file to play), a contact card, a location. Throws for what cannot be delivered, so the outbox
 * marks it failed instead of sending less.
 * @example contentFor({ body: 'Olá', mediaType: 'chat' }, null) // { text: 'Olá' }
 */
export function contentFor(
  message: Pick<OutboundMessage, 'body' | 'mediaType' | 'mediaUrl' | 'voiceNote'>,
  file: MediaFile | null,
): AnyMessageContent {
  const kind = message.mediaType ?? 'chat';
  const caption = message.body || undefined;
  if (carriesMedia(message)) {
    if (!file) throw new Error(`whatsapp: the ${kind} file ${message.mediaUrl} could not be read`);
    const data = Buffer.from(file.data);
    const mimetype = file.mimeType;
    if (kind === 'image') return { image: data, caption, mimetype };
    if (kind === 'video') return { video: data, caption, mimetype };
    if (kind === 'audio') return { audio: data, mimetype, ptt: message.voiceNote === true };
    return { document: data, mimetype, fileName: file.fileName, caption };
  }
  if (kind === 'contactMessage') {
    const card = parseVCard(message.body);
    if (!card) throw new Error('whatsapp: the contact card is not a vCard');
    return {
      contacts: { displayName: card.name, contacts: [{ displayName: card.name, vcard: message.body }] },
    };
  }
  if (kind === 'locationMessage') {
    const at = parseLocation(message.body);
    if (!at) throw new Error('whatsapp: the location has no coordinates');
    return {
      location: { degreesLatitude: at.latitude, degreesLongitude: at.longitude, name: at.name || undefined },
    };
  }
  if (!message.body.trim()) throw new Error(`whatsapp: nothing to send for a ${kind} message`);
  return { text: message.body };
}

/**
 * The message a reply quotes, as Baileys' `quoted` option takes it: its key (WhatsApp's id: a second card of one
 * message, `id:1`, quotes the message itself) and a text standing for its content.
 * @example sendMessage(jid, content, { quoted: quotedMessage(jid, { externalId: 'ABC', fromMe: false, body: 'Oi', participant: null }) })
 */
export function quotedMessage(jid: string, quoted: QuotedMessage): WAMessage {
  return {
    key: {
      remoteJid: jid,
      fromMe: quoted.fromMe,
      id: quoted.externalId.replace(/:\d+$/, ''),
      ...(quoted.participant ? { participant: jidOf(quoted.participant) } : {}),
    },
    message: { conversation: quoted.body },
  };
}

/**
 * What Baileys sends for an attendant's reaction: `react` with the emoji ('' takes it off) and the key of the message
 * reacted to, as `quotedMessage` names it (a contact's message in a group carries its sender).
 * @example reactionContent(jid, '👍', { externalId: 'ABC', fromMe: false, body: 'Oi', participant: null })
 */
export function reactionContent(jid: string, emoji: string, target: QuotedMessage): AnyMessageContent {
  return { react: { text: emoji, key: quotedMessage(jid, target).key } };
}
