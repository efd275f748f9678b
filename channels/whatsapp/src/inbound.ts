import type { InboundMessage } from '@balcao/sdk';
import {
  getContentType,
  isJidGroup,
  isLidUser,
  jidDecode,
  normalizeMessageContent,
  type proto,
  type WAMessage,
  type WAMessageKey,
} from '@whiskeysockets/baileys';

/** Media an inbound message carries, to download (downloadMediaMessage) and store before ingesting. */
export interface InboundMedia {
  mimeType: string;
  fileName: string;
}

/** One message to ingest: the normalised message, and its media when it has some. */
export interface NormalisedInbound {
  inbound: InboundMessage;
  media: InboundMedia | null;
}

/** The `maps` link a location message carries, as Balcão stores outgoing locations (`|link|name`). */
export const mapsLink = (latitude: number, longitude: number): string =>
  `https://maps.google.com/maps?q=${encodeURIComponent(`${latitude},${longitude}`)}`;

/** Chats that are not conversations: status updates, broadcast lists, channels. */
const NOT_A_CHAT = /@(broadcast|newsletter)$/;

/**
 * The contact id of a jid: its user part without device (`5511999990000:3@s.whatsapp.net` → `5511999990000`). An
 * account addressed by its LID is known by its phone number when WhatsApp gives it (`remoteJidAlt`, `participantAlt`).
 * @example contactIdOf('5511999990000@s.whatsapp.net') === '5511999990000'
 */
export function contactIdOf(jid: string | null | undefined, alt?: string | null): string | null {
  const chosen = jid && isLidUser(jid) && alt ? alt : jid;
  return jidDecode(chosen ?? undefined)?.user ?? null;
}

/**
 * The jid to write to for a contact id: a group id (old `creator-timestamp` ids, or longer than a phone number's 15
 * digits) on g.us, anything else a phone number on s.whatsapp.net; a full jid is kept.
 * @example jidOf('5511999990000') === '5511999990000@s.whatsapp.net'
 */
export function jidOf(contactId: string): string {
  if (contactId.includes('@')) return contactId;
  const digits = contactId.replace(/[^\d-]/g, '');
  return digits.includes('-') || digits.length > 15 ? `${digits}@g.us` : `${digits}@s.whatsapp.net`;
}

const timestampOf = (m: WAMessage): Date | undefined => {
  // A number, or a protobuf Long when the message was decoded.
  const ts = Number(m.messageTimestamp?.toString() ?? 0);
  return ts > 0 ? new Date(ts * 1000) : undefined;
};

/** Body, type and media of each kind of content WhatsApp sends that Balcão shows (spec part 1 §3 Message). */
function contentOf(
  content: proto.IMessage,
  id: string,
): { body: string; mediaType: string; media: InboundMedia | null }[] {
  const type = getContentType(content);
  switch (type) {
    case 'conversation':
      return [{ body: content.conversation ?? '', mediaType: 'chat', media: null }];
    case 'extendedTextMessage':
      return [{ body: content.extendedTextMessage?.text ?? '', mediaType: 'chat', media: null }];
    case 'imageMessage': {
      const m = content.imageMessage;
      return [{ body: m?.caption ?? '', mediaType: 'image', media: media(m?.mimetype, 'image', id) }];
    }
    case 'videoMessage': {
      const m = content.videoMessage;
      return [{ body: m?.caption ?? '', mediaType: 'video', media: media(m?.mimetype, 'video', id) }];
    }
    case 'audioMessage':
      return [{ body: '', mediaType: 'audio', media: media(content.audioMessage?.mimetype, 'audio', id) }];
    case 'stickerMessage':
      // A sticker is a (webp) image to Balcão's conversation view.
      return [
        { body: '', mediaType: 'image', media: media(content.stickerMessage?.mimetype, 'sticker', id) },
      ];
    case 'documentMessage': {
      const m = content.documentMessage;
      const fileName = m?.fileName || m?.title || `${id}`;
      return [
        {
          body: m?.caption || fileName,
          mediaType: 'application',
          media: { mimeType: m?.mimetype || 'application/octet-stream', fileName },
        },
      ];
    }
    case 'locationMessage':
    case 'liveLocationMessage': {
      const m = content.locationMessage ?? content.liveLocationMessage;
      const lat = m?.degreesLatitude ?? 0;
      const lng = m?.degreesLongitude ?? 0;
      const name = [
        content.locationMessage?.name,
        content.locationMessage?.address,
        content.liveLocationMessage?.caption,
      ]
        .filter(Boolean)
        .join(' - ');
      return [{ body: `|${mapsLink(lat, lng)}|${name}`, mediaType: 'locationMessage', media: null }];
    }
    case 'contactMessage':
      return [{ body: content.contactMessage?.vcard ?? '', mediaType: 'contactMessage', media: null }];
    case 'contactsArrayMessage':
      return (content.contactsArrayMessage?.contacts ?? [])
        .filter((c) => c.vcard)
        .map((c) => ({ body: c.vcard ?? '', mediaType: 'contactMessage', media: null }));
    case 'reactionMessage':
      // An empty reaction takes one back: stored too (empty), so the conversation drops the contact's badge. One with no
      // target names nothing to react to.
      return content.reactionMessage?.key?.id
        ? [{ body: content.reactionMessage.text ?? '', mediaType: 'reactionMessage', media: null }]
        : [];
    default:
      // Protocol messages (revoke, edit), polls, calls' stubs…: not conversation content Balcão takes yet.
      return [];
  }
}

/**
 * The WhatsApp id of the message this content answers or reacts to: a reaction's target key, or the quoted message of a
 * reply (`contextInfo.stanzaId`, on a text or a media message); null for none.
 */
function quotedIdOf(content: proto.IMessage): string | null {
  const type = getContentType(content);
  if (!type) return null;
  if (type === 'reactionMessage') return content.reactionMessage?.key?.id || null;
  const inner: unknown = content[type];
  if (!inner || typeof inner !== 'object' || !('contextInfo' in inner)) return null;
  return (inner as { contextInfo?: proto.IContextInfo | null }).contextInfo?.stanzaId || null;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
};

function media(mimetype: string | null | undefined, kind: string, id: string): InboundMedia {
  const mimeType = (mimetype || 'application/octet-stream').split(';')[0]!.trim();
  return { mimeType, fileName: `${kind}-${id}.${EXTENSIONS[mimeType] ?? 'bin'}` };
}

/** Who a message is with: the chat's contact (a person or a group) and, in a group, who wrote. */
function partiesOf(key: WAMessageKey): { chat: string; isGroup: boolean; participant: string | null } | null {
  const remote = key.remoteJid;
  if (!remote || NOT_A_CHAT.test(remote)) return null;
  const isGroup = isJidGroup(remote) === true;
  const chat = contactIdOf(remote, key.remoteJidAlt);
  if (!chat) return null;
  const participant = isGroup ? contactIdOf(key.participant, key.participantAlt) : null;
  return { chat, isGroup, participant };
}

/**
 * A WhatsApp message as Balcão ingests it (sdk InboundMessage), one per piece of content (a message sharing three
 * contacts is three cards); none for what is not a conversation message (status updates, protocol messages).
 * The externalId is WhatsApp's message id (a second card of one message gets `:1`, `:2` …).
 * @example normaliseInbound(waMessage)[0].inbound.body
 */
export function normaliseInbound(message: WAMessage): NormalisedInbound[] {
  const { key } = message;
  const id = key.id;
  const parties = partiesOf(key);
  const content = normalizeMessageContent(message.message);
  if (!id || !parties || !content) return [];
  const fromMe = key.fromMe === true;
  const quoted = quotedIdOf(content);
  return contentOf(content, id).map((c, i) => ({
    inbound: {
      externalId: i === 0 ? id : `${id}:${i}`,
      // A person's chat: their push name (not ours on a message we sent); a group: named by its id until renamed.
      from: { id: parties.chat, name: fromMe || parties.isGroup ? '' : (message.pushName ?? '') },
      body: c.body,
      mediaType: c.mediaType,
      fromMe,
      isGroup: parties.isGroup,
      participant: parties.participant,
      timestamp: timestampOf(message),
      ...(quoted ? { quotedExternalId: quoted } : {}),
    },
    media: c.media,
  }));
}
