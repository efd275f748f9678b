import type { ChannelConnection, Logger, SessionStore } from '@balcao/sdk';
import { PAGE_TOKEN_KEY } from './channel.js';
import type { GraphClient } from './graph.js';

/** A contact's name and picture as Graph gave them (the name may be empty). */
export interface ContactProfile {
  name: string;
  picture: string | null;
}

/** The connection store's key marking a contact whose profile was fetched (once per contact and connection). */
export const profileKey = (contactId: string) => `profile:${contactId}`;

/**
 * Looks contacts' names and pictures up on Graph, once per contact and connection: a contact already looked up (its
 * marker in the connection's store) is not asked again; a failure is logged and answers null, so the message goes in
 * with the id as the name and the next message asks again. Nothing here throws: ingest never waits on it for more
 * than Graph's profile timeout, nor fails because of it.
 * @example const profile = await profiles.lookup(connection, store, psid)
 */
export class ContactProfiles {
  constructor(
    private readonly graph: GraphClient,
    private readonly logger: Logger,
  ) {}

  async lookup(
    connection: ChannelConnection,
    store: SessionStore | null,
    contactId: string,
  ): Promise<ContactProfile | null> {
    if (!store || (connection.channel !== 'facebook' && connection.channel !== 'instagram')) return null;
    try {
      if (await store.get(profileKey(contactId))) return null;
      const token = await store.get(PAGE_TOKEN_KEY);
      if (!token) return null;
      return await this.graph.profile(connection.channel, token, contactId);
    } catch (err) {
      this.logger.warn(
        { err, connectionId: connection.id, contactId },
        'meta contact profile unavailable: the contact keeps its id as name until a later message',
      );
      return null;
    }
  }

  /** The contact's profile reached Balcão (its message was ingested): not asked again. */
  async remember(connection: ChannelConnection, store: SessionStore, contactId: string): Promise<void> {
    try {
      await store.set(profileKey(contactId), '1');
    } catch (err) {
      this.logger.warn(
        { err, connectionId: connection.id, contactId },
        'meta contact profile not remembered',
      );
    }
  }
}
