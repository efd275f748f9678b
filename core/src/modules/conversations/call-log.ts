import type { ChannelConnection, InboundCall } from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
import { type Cradle, createRequestScope } from '../../kernel/container.js';
import { CompanyMessagesPort } from '../messages/messages-port.js';

/** What a contact whose call is declined is told (an automatic text: it starts with U+200E). */
export const CALLS_DECLINED_NOTICE =
  '\u200e*Mensagem automática:* as chamadas de voz e vídeo estão desativadas neste WhatsApp. Por favor, envie uma mensagem de texto. Obrigado!';

/**
 * Calls contacts make (ConversationsPort.call): each shows in the contact's conversation as a `call_log` message,
 * through the ingest path (so once per call id, on the ticket a message of theirs would reach). A company that does not
 * take calls (acceptCallWhatsapp disabled) has the channel decline it and tells the contact to write instead.
 */
export class CallLog {
  constructor(private readonly root: AwilixContainer<Cradle>) {}

  async received(connection: ChannelConnection, call: InboundCall): Promise<{ reject: boolean }> {
    const { conversations } = this.root.cradle;
    const result = await conversations.ingest(connection, {
      externalId: call.externalId,
      from: call.from,
      // The kind of call, for the conversation to say (a voice or a video call).
      body: call.video ? 'video' : 'voice',
      mediaType: 'call_log',
      ...(call.at ? { timestamp: call.at } : {}),
    });
    const scope = createRequestScope(this.root, connection.companyId).cradle;
    if ((await scope.settings.get(connection.companyId, 'acceptCallWhatsapp')) !== 'disabled')
      return { reject: false };
    // Told once per call: a call told again (duplicate) or from a blocked contact gets no second notice.
    if (result.outcome === 'stored')
      await new CompanyMessagesPort(scope, connection.companyId).send({
        ticketId: result.ticketId,
        body: CALLS_DECLINED_NOTICE,
      });
    return { reject: true };
  }
}
