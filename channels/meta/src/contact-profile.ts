import type { ChannelConnection, ConversationsPort, Logger, SessionStore } from '@balcao/sdk';
import { PAGE_TOKEN_KEY } from './channel.js';
import { downloadAttachment, type GraphClient } from './graph.js';

/**
 * A contact's name and picture (the picture as stored in Balcão's media; the name may be empty). `pictureFailed`: Graph
 * gave a picture that could not be downloaded or stored, so `picture` is null for now (see PROFILE_RETRY_MS).
 */
export interface ContactProfile {
  name: string;
  picture: string | null;
  pictureFailed: boolean;
}

/** Where a contact's picture is kept: the company's media store (core's `storeMedia`), which answers its URL. */
export type StorePicture = (
  file: Parameters<ConversationsPort['storeMedia']>[1],
) => ReturnType<ConversationsPort['storeMedia']>;

/**
 * The connection store's key marking a contact whose profile was fetched, and when (milliseconds since the epoch;
 * a marker of older code, `1`, counts as long ago).
 */
export const profileKey = (contactId: string) => `profile:${contactId}`;

/** How long a contact's name and picture stand: a contact looked up longer ago is looked up again on their next message. */
export const PROFILE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How soon a lookup whose picture could not be kept is made again (on the contact's next message after it). Such a
 * failure is mostly passing (Meta's CDN or the media store briefly unreachable, a timeout), so a week without a
 * picture is too long; an hour still bounds what a picture that keeps failing costs to one Graph lookup and one
 * download an hour per contact who keeps writing, never one per message.
 */
export const PROFILE_RETRY_MS = 60 * 60 * 1000;

/**
 * Looks contacts' names and pictures up on Graph, once per contact and connection every PROFILE_MAX_AGE_MS: a contact
 * looked up since (its marker in the connection's store) is not asked again. Graph's picture is a CDN link that
 * expires, so the file itself is downloaded into the company's media store and the contact gets that URL; a picture
 * that cannot be downloaded or stored leaves none (logged; the contact keeps any picture it had, as ingest writes no
 * null over one) and the lookup is made again after PROFILE_RETRY_MS rather than a week. A failed lookup is logged
 * and answers null, so the message goes in with the id as the name and the next message asks again. Nothing here
 * throws: ingest never waits on it for more than Graph's timeouts, nor fails because of it.
 * @example const profile = await profiles.lookup(connection, store, psid, (file) => conversations.storeMedia(connection, file))
 */
export class ContactProfiles {
  constructor(
    private readonly graph: GraphClient,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async lookup(
    connection: ChannelConnection,
    store: SessionStore | null,
    contactId: string,
    storePicture?: StorePicture,
  ): Promise<ContactProfile | null> {
    if (!store || (connection.channel !== 'facebook' && connection.channel !== 'instagram')) return null;
    try {
      const at = Number(await store.get(profileKey(contactId)));
      if (at && this.now() - at < PROFILE_MAX_AGE_MS) return null;
      const token = await store.get(PAGE_TOKEN_KEY);
      if (!token) return null;
      const profile = await this.graph.profile(connection.channel, token, contactId);
      const picture = await this.stored(connection, contactId, profile.picture, storePicture);
      return { name: profile.name, picture: picture ?? null, pictureFailed: picture === undefined };
    } catch (err) {
      this.logger.warn(
        { err, connectionId: connection.id, contactId },
        'meta contact profile unavailable: the contact keeps its id as name until a later message',
      );
      return null;
    }
  }

  /** The contact's picture in Balcão's media; null when there is none to keep, undefined when it could not be kept. */
  private async stored(
    connection: ChannelConnection,
    contactId: string,
    url: string | null,
    storePicture: StorePicture | undefined,
  ): Promise<string | null | undefined> {
    if (!url || !storePicture) return null;
    try {
      const file = await downloadAttachment(url, 'picture');
      if (!file) throw new Error('download failed');
      if (!file.mimeType.startsWith('image/')) throw new Error(`not an image: ${file.mimeType}`);
      return (await storePicture(file)).url;
    } catch (err) {
      this.logger.warn(
        { err, connectionId: connection.id, contactId },
        'meta contact picture not stored: the contact keeps the one it had, if any, until a retry',
      );
      return undefined;
    }
  }

  /**
   * The contact's profile reached Balcão (its message was ingested): not asked again for PROFILE_MAX_AGE_MS, or for
   * PROFILE_RETRY_MS when its picture could not be kept. The marker stays the time of a lookup: a retry's is dated as
   * if the lookup were made PROFILE_MAX_AGE_MS − PROFILE_RETRY_MS earlier, so any code reading it agrees when it is due.
   */
  async remember(
    connection: ChannelConnection,
    store: SessionStore,
    contactId: string,
    profile: Pick<ContactProfile, 'pictureFailed'>,
  ): Promise<void> {
    const at = profile.pictureFailed ? this.now() - PROFILE_MAX_AGE_MS + PROFILE_RETRY_MS : this.now();
    try {
      await store.set(profileKey(contactId), String(at));
    } catch (err) {
      this.logger.warn(
        { err, connectionId: connection.id, contactId },
        'meta contact profile not remembered',
      );
    }
  }
}
