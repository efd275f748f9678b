import { isLidUser, type WAMessageKey } from '@whiskeysockets/baileys';
import type { WhatsappSocket } from './socket.js';

/**
 * A message's key with the phone numbers behind its LIDs: WhatsApp may address a person by their LID (a privacy id)
 * and leave out the phone number (`remoteJidAlt`, `participantAlt`); the session's LID store often knows it from an
 * earlier message. Then the person stays one contact, known by their number, whichever id they wrote from. A LID
 * nobody has mapped yet stays as it is.
 * @example const key = await withPhoneNumbers(socket, message.key)
 */
export async function withPhoneNumbers(socket: WhatsappSocket, key: WAMessageKey): Promise<WAMessageKey> {
  const lids = socket.signalRepository?.lidMapping;
  if (!lids) return key;
  const phoneOf = async (jid: string | null | undefined, alt: string | null | undefined) =>
    jid && isLidUser(jid) && !alt
      ? ((await lids.getPNForLID(jid).catch(() => null)) ?? undefined)
      : undefined;
  const [remoteJidAlt, participantAlt] = await Promise.all([
    phoneOf(key.remoteJid, key.remoteJidAlt),
    phoneOf(key.participant, key.participantAlt),
  ]);
  if (!remoteJidAlt && !participantAlt) return key;
  return {
    ...key,
    ...(remoteJidAlt ? { remoteJidAlt } : {}),
    ...(participantAlt ? { participantAlt } : {}),
  };
}
