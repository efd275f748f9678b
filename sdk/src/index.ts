// Browser-safe: schemas, codes and types only. Server-only pieces live in @balcao/sdk/orm and @balcao/sdk/testing.
export * from './channel.js';
export * from './dto.js';
export * from './dto-attendance.js';
export * from './errors.js';
export * from './lgpd.js';
export * from './media.js';
export * from './message-preview.js';
export * from './plans.js';
export * from './plugin.js';
export * from './ports.js';
export * from './realtime.js';
export * from './schemas/index.js';
export * from './settings.js';
export * from './subscription.js';
export * from './validate.js';
export * from './vcard.js';
