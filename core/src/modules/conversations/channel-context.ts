import {
  AppError,
  type ChannelConnection,
  type ChannelMedia,
  type ChannelSendContext,
  type RealtimePort,
} from '@balcao/sdk';
import { CompanyMediaPort } from '../messages/media-port.js';
import type { SessionManager } from '../sessions/session-manager.js';

/**
 * The media store a channel gets for one connection: its company's folder only, so a URL of another company's file
 * reads null and what a contact sends lands with the connection's company.
 * @example channelMedia(config.dataDir, connection).read(message.mediaUrl)
 */
export const channelMedia = (dataDir: string, connection: ChannelConnection): ChannelMedia =>
  new CompanyMediaPort(dataDir, connection.companyId);

/**
 * Sockets for one connection's adapter: it publishes to the connection's company only (a web chat visitor's room),
 * as plugins' realtime port does for theirs; another company's envelope is 403 ERR_NO_PERMISSION.
 */
const connectionRealtime = (realtime: RealtimePort, companyId: number): RealtimePort => ({
  publish: async (envelope) => {
    if (envelope?.companyId !== companyId) throw new AppError('ERR_NO_PERMISSION', 403);
    await realtime.publish(envelope);
  },
  defineRoom: (kind, authorize) => realtime.defineRoom(kind, authorize),
  defineGuest: (kind, authenticate) => realtime.defineGuest(kind, authenticate),
});

/**
 * What a channel adapter gets for sending, importing or checking an address on a connection (ChannelSendContext): the
 * connection, sockets, the connection's own encrypted store and its company's media.
 * @example await adapter.send(message, channelSendContext(connection, { realtime, dataDir }))
 */
export const channelSendContext = (
  connection: ChannelConnection,
  deps: { realtime: RealtimePort; dataDir: string; sessions: Pick<SessionManager, 'store'> },
): ChannelSendContext => ({
  connection,
  realtime: connectionRealtime(deps.realtime, connection.companyId),
  session: deps.sessions.store(connection.id),
  media: channelMedia(deps.dataDir, connection),
});
