// @balcao/sdk/rest: what the server and the UI share over the wire — the REST API's zod schemas and DTOs, the realtime
// frames, error codes, plan flags, settings keys and the helpers both sides run on them. Browser-safe; it imports
// nothing of the plugin API (plugin-api.ts), which builds on it. index.ts re-exports both, so `@balcao/sdk` is both.
export * from './address-key.js';
export * from './channel-traits.js';
export * from './dto.js';
export * from './dto-attendance.js';
export * from './errors.js';
export * from './lgpd.js';
export * from './media.js';
export * from './message-format.js';
export * from './message-preview.js';
export * from './message-variables.js';
export * from './plans.js';
export * from './realtime.js';
export * from './realtime-frames.js';
export * from './recurrence.js';
export * from './schemas/index.js';
export * from './settings.js';
export * from './subscription.js';
export * from './validate.js';
export * from './vcard.js';
export * from './wall-clock.js';
