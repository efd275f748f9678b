// Browser-safe: schemas, codes and types only. Server-only pieces live in @balcao/sdk/orm and @balcao/sdk/testing.
// Two parts, each an entry of its own: rest.ts (the wire the UI shares) and plugin-api.ts (what a plugin is written
// against); every line below belongs to one of them (core/src/kernel/layering.test.ts checks it).
export * from './address-key.js';
export * from './bot-engine.js';
export * from './channel.js';
export * from './channel-traits.js';
export * from './conversations-port.js';
export * from './domain-ports.js';
export * from './dto.js';
export * from './dto-attendance.js';
export * from './errors.js';
export * from './events.js';
export * from './http-port.js';
export * from './lgpd.js';
export * from './media.js';
export * from './message-format.js';
export * from './message-preview.js';
export * from './message-variables.js';
export * from './plans.js';
export * from './plugin.js';
export * from './plugin-errors.js';
export * from './ports.js';
export * from './realtime.js';
export * from './realtime-frames.js';
export * from './recurrence.js';
export * from './schemas/index.js';
export * from './sessions.js';
export * from './settings.js';
export * from './spreadsheets.js';
export * from './subscription.js';
export * from './tags-port.js';
export * from './texts.js';
export * from './uploads.js';
export * from './validate.js';
export * from './vcard.js';
export * from './viewer-port.js';
export * from './wall-clock.js';
