import type { ChannelSessionContext, ContactPresence } from '@balcao/sdk';
import type { BaileysEventMap, WAMessage, WAPresence } from '@whiskeysockets/baileys';
import { contactIdOf } from './inbound.js';
import type { WhatsappSocket } from './socket.js';

/** WhatsApp's presence as Balcão's: typing, recording audio, or neither (paused, online, offline). */
const PRESENCE: Record<WAPresence, ContactPresence> = {
  composing: 'composing',
  recording: 'recording',
  paused: 'available',
  available: 'available',
  unavailable: 'available',
};

/**
 * The contact a `presence.update` is about (the chat: a person, or a group for its participants' typing) and what
 * they do now; null when it names no known presence.
 * @example contactPresence({ id: '5511…@s.whatsapp.net', presences: { '5511…@s.whatsapp.net': { lastKnownPresence: 'composing' } } })
 */
export function contactPresence(
  update: BaileysEventMap['presence.update'],
): { contactId: string; presence: ContactPresence } | null {
  const contactId = contactIdOf(update.id);
  const last = Object.values(update.presences ?? {})
    .map((p) => p?.lastKnownPresence)
    .find((p): p is WAPresence => typeof p === 'string' && p in PRESENCE);
  return contactId && last ? { contactId, presence: PRESENCE[last] } : null;
}

/** A `presence.update` to core: attendants see the contact typing or recording (ConversationsPort.presence). */
export async function presenceChanged(
  ctx: Pick<ChannelSessionContext, 'conversations' | 'connection'>,
  update: BaileysEventMap['presence.update'],
): Promise<void> {
  const seen = contactPresence(update);
  if (seen) await ctx.conversations.presence(ctx.connection, seen.contactId, seen.presence);
}

/**
 * WhatsApp tells a chat's typing and recording only to whom subscribed to it: a contact who writes in is followed
 * (once per session: `followed` is the session's set) so attendants see them typing. A failed subscription costs
 * nothing but that.
 */
export function followPresence(
  ctx: Pick<ChannelSessionContext, 'logger'>,
  socket: WhatsappSocket,
  followed: Set<string>,
  message: WAMessage,
): void {
  const jid = message.key.remoteJid;
  if (!jid || message.key.fromMe || followed.has(jid)) return;
  followed.add(jid);
  socket.presenceSubscribe(jid).catch((err) => ctx.logger.debug({ err, jid }, 'presence subscribe failed'));
}
