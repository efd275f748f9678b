import { type ChannelConnection, defineChannel, type InboundMessage } from '@balcao/sdk';

/**
 * Where an adapter hands what arrives from its network. A real adapter calls it from its library's events (a Baileys
 * `messages.upsert`, a Graph API webhook); the plugin points it at `conversations.ingest`.
 */
export type InboundHandler = (connection: ChannelConnection, message: InboundMessage) => Promise<void>;

/**
 * The echo channel adapter: transport only, no tickets. Its "network" is a mirror — whatever Balcão sends to a
 * contact, the contact says straight back. In a real project the adapter is its own package (channels/<kind>) and
 * wraps a vendor library; here it is one function so the whole shape fits on a screen.
 * @example const echo = createEchoChannel((connection, message) => conversations.ingest(connection, message))
 */
export function createEchoChannel(onInbound: InboundHandler) {
  return defineChannel({
    kind: 'echo',

    // Deliver an attendant's message. Answer the ack it reached (1 sent, 2 delivered) and the channel's id for it.
    async send(message, { connection }) {
      await onInbound(connection, {
        // The channel's id of the inbound message: the same id twice is stored once, so a retried send that echoes
        // again changes nothing.
        externalId: `echo-${message.messageId}`,
        from: { id: message.to, name: '' }, // '' keeps the contact's name (core falls back to the id for new ones)
        body: message.body,
        // Media travel as Balcão's own address for the file (`/api/media/…`); the echo hands it straight back.
        mediaType: message.mediaType,
        mediaUrl: message.mediaUrl ?? null,
      });
      return { ack: 2, externalId: `echo-out-${message.messageId}` };
    },

    // No `retract`, `addressBook` or `chatContacts`: the host and the UI treat what an adapter lacks as unsupported.
  });
}
