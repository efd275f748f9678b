import type { ChannelConnection, Logger, SessionStore } from '@balcao/sdk';
import { PAGE_TOKEN_KEY } from './channel.js';
import { type GraphClient, SUBSCRIBED_FIELDS } from './graph.js';

/** The connection store's key holding the webhook fields its page was last subscribed to (SUBSCRIBED_FIELDS). */
export const SUBSCRIBED_KEY = 'subscribedFields';

/**
 * Keeps linked pages subscribed to the current webhook fields. Pages linked by older code were subscribed without
 * `message_echoes` (so Meta never sent their echoes); linking writes SUBSCRIBED_KEY with SUBSCRIBED_FIELDS, and a
 * connection whose store lacks it (or holds other fields) has its page subscribed again, once, on its next webhook —
 * in the background, never delaying the delivery. A failure is logged and tried again with a later webhook; an
 * Instagram connection finds its page through the token (`GET /me`).
 * @example subscriptions.refresh(connection, store, entry.id)
 */
export class PageSubscriptions {
  /** Connections known up to date, or being brought up to date, in this process. */
  private readonly checked = new Map<number, Promise<void>>();

  constructor(
    private readonly graph: GraphClient,
    private readonly logger: Logger,
  ) {}

  /** Starts bringing the connection's page up to date; answers the work's promise (it never rejects). */
  refresh(connection: ChannelConnection, store: SessionStore | null, account: string): Promise<void> {
    if (!store) return Promise.resolve();
    let work = this.checked.get(connection.id);
    if (!work) {
      work = this.upToDate(connection, store, account).catch((err: unknown) => {
        this.checked.delete(connection.id);
        this.logger.warn(
          { err, connectionId: connection.id },
          'meta page not subscribed again to the current webhook fields: tried again with a later webhook',
        );
      });
      this.checked.set(connection.id, work);
    }
    return work;
  }

  private async upToDate(connection: ChannelConnection, store: SessionStore, account: string): Promise<void> {
    if ((await store.get(SUBSCRIBED_KEY)) === SUBSCRIBED_FIELDS) return;
    const token = await store.get(PAGE_TOKEN_KEY);
    if (!token) return;
    const pageId = connection.channel === 'facebook' ? account : await this.graph.pageOf(token);
    await this.graph.subscribe(pageId, token);
    await store.set(SUBSCRIBED_KEY, SUBSCRIBED_FIELDS);
    this.logger.info(
      { connectionId: connection.id, pageId },
      'meta page subscribed to the current webhook fields',
    );
  }
}
