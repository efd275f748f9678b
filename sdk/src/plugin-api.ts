// @balcao/sdk/plugin-api: what a server plugin is written against — definePlugin and defineChannel, the ports a plugin
// `requires` (CorePorts), the domain event catalogue, bot engines, the channel contract and GroupCommit. It uses the wire types of
// rest.ts (a port answers DTOs); rest.ts never imports it. index.ts re-exports both.
export * from './bot-engine.js';
export * from './channel.js';
export * from './conversations-port.js';
export * from './domain-ports.js';
export * from './events.js';
export * from './group-commit.js';
export * from './http-port.js';
export * from './plugin.js';
export * from './plugin-errors.js';
export * from './ports.js';
export * from './sessions.js';
export * from './spreadsheets.js';
export * from './tags-port.js';
export * from './texts.js';
export * from './uploads.js';
export * from './viewer-port.js';
