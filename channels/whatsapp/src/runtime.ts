/**
 * Everything the channel runs that needs Baileys' code, in one module the channel imports on first use (a session
 * starts, a message is sent): Baileys and its protocol buffers cost about 60 MB of memory, and a server whose tenants
 * have no WhatsApp session started should not carry them (issue 30's idle memory).
 */
export { downloadMediaMessage, jidDecode, makeWASocket } from '@whiskeysockets/baileys';
export { jidOf } from './inbound.js';
export { carriesMedia, contentFor, quotedMessage, reactionContent } from './outbound.js';
export { WhatsappSession } from './session.js';
