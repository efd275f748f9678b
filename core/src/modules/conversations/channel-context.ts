import type { ChannelConnection, ChannelMedia, ChannelSendContext, RealtimePort } from '@balcao/sdk';
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
 * What a channel adapter gets for sending, importing or checking an address on a connection (ChannelSendContext): the
 * connection, sockets, the connection's own encrypted store and its company's media.
 * @example await adapter.send(message, channelSendContext(connection, { realtime, dataDir }))
 */
export const channelSendContext = (
  connection: ChannelConnection,
  deps: { realtime: RealtimePort; dataDir: string; sessions: Pick<SessionManager, 'store'> },
): ChannelSendContext => ({
  connection,
  realtime: deps.realtime,
  session: deps.sessions.store(connection.id),
  media: channelMedia(deps.dataDir, connection),
});
