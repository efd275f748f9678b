import {
  GraphError,
  type GraphPage,
  MAX_ACCOUNT_REQUESTS,
  PAGE_TOKEN_KEY,
  SUBSCRIBED_FIELDS,
  SUBSCRIBED_KEY,
  TooManyPagesError,
} from '@balcao/channel-meta';
import { AppError, type ConnectionsPort } from '@balcao/sdk';
import type { LinkedConnection } from './link-schema.js';

/**
 * Graph's refusals as the API answers them: a bad token 400 ERR_CHANNEL_CREDENTIALS, others ERR_CHANNEL_REQUEST_FAILED;
 * a user with more pages than one link reads 400 ERR_CHANNEL_TOO_MANY_ACCOUNTS (`maxAccounts`), nothing linked.
 */
export async function graphCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof TooManyPagesError)
      throw new AppError('ERR_CHANNEL_TOO_MANY_ACCOUNTS', 400, { maxAccounts: MAX_ACCOUNT_REQUESTS * 100 });
    if (!(err instanceof GraphError)) throw err;
    if (err.invalidToken) throw new AppError('ERR_CHANNEL_CREDENTIALS', 400, { graphCode: err.code });
    // Unreachable or Graph's own failure: not the caller's input, but still a clear answer, never a 500.
    const status = err.status === 0 || err.status >= 500 ? 424 : 400;
    throw new AppError('ERR_CHANNEL_REQUEST_FAILED', status, { graphCode: err.code });
  }
}

/** What a name taken by another connection gets appended. */
const CHANNEL_LABELS = { facebook: 'Facebook', instagram: 'Instagram' } as const;

/** A connection name within the form's 2–50 characters. */
const nameOf = (name: string, account: string) =>
  (name.trim().length >= 2 ? name.trim() : account).slice(0, 50);

/**
 * The connection of `channel` for the account: the one already linked to it (its `number`), or a new one named after
 * the page (another connection holding the name: the channel's name is added). Either way it keeps the page's token
 * in its own encrypted store, where the adapter reads it to send, and the webhook fields the page is subscribed to.
 */
async function linkOne(
  connections: ConnectionsPort,
  channel: 'facebook' | 'instagram',
  account: string,
  name: string,
  pageToken: string,
): Promise<LinkedConnection> {
  const existing = (await connections.list({ channel })).find((c) => c.number === account);
  let connection = existing;
  if (!connection) {
    const wanted = nameOf(name, account);
    connection = await connections.create({ name: wanted, channel }).catch((err) => {
      if (!(err instanceof AppError && err.code === 'ERR_DUPLICATED_CONNECTION')) throw err;
      const label = ` (${CHANNEL_LABELS[channel]})`;
      return connections.create({ name: `${wanted.slice(0, 50 - label.length)}${label}`, channel });
    });
    await connections.reportStatus(connection.id, { status: 'CONNECTED', number: account });
  }
  const store = await connections.session(connection.id);
  await store.set(PAGE_TOKEN_KEY, pageToken);
  // The page was just subscribed (POST /facebook does it first): its webhook need not subscribe it again.
  await store.set(SUBSCRIBED_KEY, SUBSCRIBED_FIELDS);
  return { id: connection.id, name: connection.name, channel, account, created: !existing };
}

/** Every page as a facebook connection and, when asked, each page's Instagram account as an instagram one. */
export async function linkPages(
  connections: ConnectionsPort,
  pages: readonly GraphPage[],
  addInstagram: boolean,
): Promise<LinkedConnection[]> {
  const linked: LinkedConnection[] = [];
  for (const page of pages) {
    linked.push(await linkOne(connections, 'facebook', page.id, page.name, page.accessToken));
    if (addInstagram && page.instagram) {
      const { id, username } = page.instagram;
      linked.push(await linkOne(connections, 'instagram', id, `@${username}`, page.accessToken));
    }
  }
  return linked;
}
