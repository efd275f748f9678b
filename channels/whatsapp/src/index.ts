export { CREDS_KEY, hasLinkedAccount, sessionStoreAuthState, signalKey } from './auth-state.js';
export {
  type ReadMedia,
  type WhatsappChannelOptions,
  whatsappChannel,
  whatsappMessageId,
} from './channel.js';
export { contactIdOf, type InboundMedia, jidOf, mapsLink, normaliseInbound } from './inbound.js';
export { contentFor, type MediaFile, parseLocation } from './outbound.js';
export {
  backoffDelay,
  DEFAULT_SESSION_POLICY,
  type DownloadMedia,
  type SessionPolicy,
  type StoreMedia,
} from './session.js';
export { baileysLogger, type MakeSocket, type WhatsappSocket } from './socket.js';
