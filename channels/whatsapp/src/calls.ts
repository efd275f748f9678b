import type { ChannelSessionContext } from '@balcao/sdk';
import type { WACallEvent } from '@whiskeysockets/baileys';
import { withPhoneNumbers } from './identity.js';
import { contactIdOf } from './inbound.js';
import type { WhatsappSocket } from './socket.js';

/**
 * A contact calling the connection's number: each new call (`offer`; WhatsApp tells the later states too) goes to core
 * once (ConversationsPort.call), which logs it in the conversation and says whether to decline it. Group calls are
 * not a conversation's: they are left to ring.
 */
export async function onCalls(
  ctx: ChannelSessionContext,
  socket: WhatsappSocket,
  calls: readonly WACallEvent[],
): Promise<void> {
  for (const call of calls) {
    if (call.status !== 'offer' || call.isGroup || !ctx.conversations.call) continue;
    const key = await withPhoneNumbers(socket, { remoteJid: call.from, remoteJidAlt: call.callerPn });
    const contactId = contactIdOf(key.remoteJid, key.remoteJidAlt);
    if (!contactId) continue;
    const { reject } = await ctx.conversations.call(ctx.connection, {
      externalId: `call-${call.id}`,
      from: { id: contactId, name: '' },
      video: call.isVideo === true,
      at: call.date,
    });
    if (reject) await socket.rejectCall(call.id, call.from);
  }
}
