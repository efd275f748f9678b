/**
 * The channel without Baileys loaded: what the WhatsApp plugin needs at boot. Baileys comes in with the first session
 * or send (runtime.ts); the package's main entry (`.`) re-exports everything, Baileys' helpers included, for tests.
 */
export { type WhatsappChannelOptions, whatsappChannel, whatsappMessageId } from './channel.js';
export { DEFAULT_SESSION_POLICY, policyFromEnv, type SessionPolicy } from './session-policy.js';
