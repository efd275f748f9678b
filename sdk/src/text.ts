// The SDK's text helpers without its schemas (no zod): what a small browser bundle such as the web chat visitor's
// page imports (`@balcao/sdk/text`).
export * from './languages.js';
export * from './message-format.js';
