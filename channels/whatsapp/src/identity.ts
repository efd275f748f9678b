import type { ChannelSessionContext } from '@balcao/sdk';
import { isLidUser, jidDecode, type LIDMapping, type WAMessageKey } from '@whiskeysockets/baileys';
import { KeyCache } from './session-policy.js';
import type { WhatsappSocket } from './socket.js';

/**
 * A message's key with the phone numbers behind its LIDs: WhatsApp may address a person by their LID (a privacy id)
 * and leave out the phone number (`remoteJidAlt`, `participantAlt`); the session's LID store often knows it from an
 * earlier message, and `known` (a history batch's own mappings) may too. Then the person stays one contact, known by
 * their number, whichever id they wrote from. A LID nobody has mapped yet stays as it is.
 * @example const key = await withPhoneNumbers(socket, message.key)
 */
export async function withPhoneNumbers(
  socket: WhatsappSocket,
  key: WAMessageKey,
  known?: ReadonlyMap<string, string>,
): Promise<WAMessageKey> {
  const lids = socket.signalRepository?.lidMapping;
  if (!lids && !known?.size) return key;
  const phoneOf = async (jid: string | null | undefined, alt: string | null | undefined) => {
    if (!jid || !isLidUser(jid) || alt) return undefined;
    const mapped = known?.get(jid) ?? (await lids?.getPNForLID(jid).catch(() => null));
    return mapped ?? undefined;
  };
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

/** LIDs a session has already told core about (the oldest are told again after this many: a merge replay is a no-op). */
const MAPPINGS_REMEMBERED = 20_000;

/**
 * Mappings learnt late: a person who wrote from a LID nobody had mapped became a contact under the LID; when the
 * session learns the number behind it (Baileys' `lid-mapping.update`, a history batch's `lidPnMappings`, or a message
 * carrying both ids), core is asked to make the two contacts one (ConversationsPort.mergeContact: the LID's tickets and
 * messages join the number's contact). Each LID is told once per session; core's merge is idempotent, so telling it
 * again after a restart costs one lookup. A failed merge is logged and tried again at the next sighting.
 */
export class LateIdentities {
  private readonly told = new KeyCache(MAPPINGS_REMEMBERED);

  constructor(private readonly ctx: Pick<ChannelSessionContext, 'conversations' | 'connection' | 'logger'>) {}

  /** Tells core about each LID → phone number pair not told yet, one after another. */
  async learnt(mappings: readonly LIDMapping[]): Promise<void> {
    const { conversations, connection, logger } = this.ctx;
    if (!conversations.mergeContact) return;
    for (const { lid, pn } of mappings) {
      const alias = isLidUser(lid) ? jidDecode(lid)?.user : undefined;
      const id = pn && !isLidUser(pn) ? jidDecode(pn)?.user : undefined;
      if (!alias || !id || this.told.get(alias) === id) continue;
      try {
        await conversations.mergeContact(connection, alias, id);
        this.told.set(alias, id);
      } catch (err) {
        logger.error({ err, lid, pn }, 'whatsapp: merging a LID contact into its number failed');
      }
    }
  }

  /** The LID → phone number pairs a message key carries (WhatsApp sent both ids). */
  fromKey(key: WAMessageKey): Promise<void> {
    const pairs: LIDMapping[] = [];
    const pair = (jid: string | null | undefined, alt: string | null | undefined) => {
      if (!jid || !alt) return;
      if (isLidUser(jid) && !isLidUser(alt)) pairs.push({ lid: jid, pn: alt });
      else if (isLidUser(alt) && !isLidUser(jid)) pairs.push({ lid: alt, pn: jid });
    };
    pair(key.remoteJid, key.remoteJidAlt);
    pair(key.participant, key.participantAlt);
    return pairs.length ? this.learnt(pairs) : Promise.resolve();
  }
}

/** A history batch's LID → phone number pairs as a map (what withPhoneNumbers takes as `known`). */
export const mappingsOf = (pairs: readonly LIDMapping[] | undefined): Map<string, string> =>
  new Map((pairs ?? []).map(({ lid, pn }) => [lid, pn]));
