import type { ContactPresence } from '@balcao/sdk';
import type { BaileysEventMap, WAPresence } from '@whiskeysockets/baileys';
import { contactIdOf } from './inbound.js';

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
