export { CREDS_KEY, hasLinkedAccount, sessionStoreAuthState, signalKey } from './auth-state.js';
export {
  type WhatsappChannelOptions,
  whatsappChannel,
  whatsappMessageId,
} from './channel.js';
export { contactIdOf, type InboundMedia, jidOf, mapsLink, normaliseInbound } from './inbound.js';
export { contentFor, type MediaFile, parseLocation, quotedMessage } from './outbound.js';
export type { DownloadMedia } from './session.js';
export {
  backoffDelay,
  DEFAULT_SESSION_POLICY,
  policyFromEnv,
  type SessionPolicy,
} from './session-policy.js';
export { baileysLogger, type MakeSocket, type WhatsappSocket } from './socket.js';
