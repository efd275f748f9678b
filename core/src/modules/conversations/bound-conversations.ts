import { AppError, type ChannelConnection, type ConversationsPort, type SessionStore } from '@balcao/sdk';

// ConversationsPort as a plugin or a channel session gets it (ARCHITECTURE "Packages that meet": every port is bound
// to the caller's company). A ChannelConnection it is passed is a handle, never a description to believe: its
// `companyId`, `channel` or `id` could name another tenant's connection.

/** Connections core built from their row, by object: the values read then, whatever the object holds now. */
const handles = new WeakMap<object, ChannelConnection>();

/**
 * Marks a connection core read from its row as a handle (what `connectionByToken`, ConnectionsPort and a channel
 * session's context give out), so a bound port can take it without reading the row again.
 * @example return asHandle(toChannelConnection(row))
 */
export function asHandle<T extends ChannelConnection>(connection: T): T {
  handles.set(connection, Object.freeze({ ...connection, embedOrigins: [...connection.embedOrigins] }));
  return connection;
}

/** Whom a bound port answers for: the scope's company (none on a public route or onBoot) and the plugin's channels. */
export interface ConversationsBinding {
  companyId: number | undefined;
  /** The channel kinds the caller contributes: the only connections whose store `connectionStore` opens. */
  ownKinds: readonly string[];
  store(connectionId: number): SessionStore;
}

/** Core's service: every door of ConversationsPort but `connectionStore`, which only a bound port has. */
export type CoreConversations = Required<Omit<ConversationsPort, 'connectionStore'>>;

const notFound = () => new AppError('ERR_NO_WAPP_FOUND', 404);

/**
 * The port bound to `binding.companyId`. A connection passed in is taken as the handle core gave out (its values as
 * read) when it is one and belongs to the company; otherwise, with a company, the company's connection with that id is
 * read again; anything else — another company's connection, a made-up object, or a non-handle where there is no
 * company (public route, onBoot) — is 404 ERR_NO_WAPP_FOUND, before anything is read or written. Connections found by
 * token or account are those of the company only (any, where there is none: that is how a public route finds one).
 */
export function boundConversations(
  port: CoreConversations,
  /** The company's connection with that id, read now (a handle), or null. */
  find: (companyId: number, id: unknown) => Promise<ChannelConnection | null>,
  binding: ConversationsBinding,
): ConversationsPort {
  const { companyId } = binding;
  const resolve = async (connection: ChannelConnection): Promise<ChannelConnection> => {
    const handle =
      typeof connection === 'object' && connection !== null ? handles.get(connection) : undefined;
    if (handle) {
      if (companyId === undefined || handle.companyId === companyId) return handle;
      throw notFound();
    }
    const found = companyId === undefined ? null : await find(companyId, connection?.id);
    if (!found) throw notFound();
    return found;
  };
  const mine = (c: ChannelConnection | null) =>
    c && (companyId === undefined || c.companyId === companyId) ? c : null;
  return {
    ingest: async (c, inbound) => port.ingest(await resolve(c), inbound),
    ingestHistory: async (c, messages, options) => port.ingestHistory(await resolve(c), messages, options),
    call: async (c, call) => port.call(await resolve(c), call),
    mergeContact: async (c, alias, id) => port.mergeContact(await resolve(c), alias, id),
    connectionByToken: async (token, channel) => mine(await port.connectionByToken(token, channel)),
    connectionByAccount: async (account, channel) => mine(await port.connectionByAccount(account, channel)),
    async connectionStore(c) {
      const connection = await resolve(c);
      // A handle may outlive its row: the store of a deleted connection is not opened.
      if (!(await find(connection.companyId, connection.id))) throw notFound();
      // A webhook reads its own channel's credentials, never another's (a WhatsApp session's keys stay there).
      if (!binding.ownKinds.includes(connection.channel)) throw new AppError('ERR_NO_PERMISSION', 403);
      return binding.store(connection.id);
    },
    sendsOnTheirWay: async (c, to) => port.sendsOnTheirWay(await resolve(c), to),
    storeMedia: async (c, file) => port.storeMedia(await resolve(c), file),
    attachMedia: async (c, externalId, file) => port.attachMedia(await resolve(c), externalId, file),
    history: async (c, contactId, limit) => port.history(await resolve(c), contactId, limit),
    markRead: async (c, contactId) => port.markRead(await resolve(c), contactId),
    presence: async (c, contactId, presence) => port.presence(await resolve(c), contactId, presence),
    ack: async (c, externalId, ack) => port.ack(await resolve(c), externalId, ack),
    edited: async (c, externalId, body) => port.edited(await resolve(c), externalId, body),
    revoked: async (c, externalId) => port.revoked(await resolve(c), externalId),
  };
}
