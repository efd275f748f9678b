export { BALCAO_SEND_METADATA, createMetaChannel, PAGE_TOKEN_KEY, sentByBalcaoKey } from './channel.js';
export {
  DEFAULT_GRAPH_URL,
  DEFAULT_GRAPH_VERSION,
  type MetaConfig,
  type MetaConfigInput,
  metaConfigSchema,
  readMetaConfig,
} from './config.js';
export {
  type ContactProfile,
  ContactProfiles,
  PROFILE_MAX_AGE_MS,
  PROFILE_RETRY_MS,
  profileKey,
  type StorePicture,
} from './contact-profile.js';
export {
  GraphClient,
  GraphError,
  type GraphPage,
  MAX_ACCOUNT_REQUESTS,
  SUBSCRIBED_FIELDS,
  TooManyPagesError,
} from './graph.js';
export { SIGNATURE_HEADER, sign, verifySignature } from './signature.js';
export { PageSubscriptions, SUBSCRIBED_KEY } from './subscription.js';
export {
  ECHO_POLL_MS,
  ECHO_WAIT_MS,
  handleWebhook,
  type WebhookPayload,
  type WebhookSummary,
  webhookSchema,
} from './webhook.js';
