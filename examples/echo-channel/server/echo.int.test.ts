import type { ConnectionDto, MessageDto } from '@balcao/sdk';
import { type ChannelContractHarness, createTestHost, describeChannelContract } from '@balcao/testing';
import echo from './index.js';

/**
 * The echo channel against the channel contract. Its edge: the public inbound route (a contact writes), and the
 * conversation itself, where every message the contact "received" comes back as theirs.
 */
describeChannelContract('echo', async (): Promise<ChannelContractHarness> => {
  // A real kernel with only this plugin, on a fresh database.
  const host = await createTestHost({ plugins: [echo] });
  const { token: admin } = await host.login(host.admin.email, host.admin.password);
  const res = await host.request('/api/whatsapp', { token: admin, body: { name: 'Eco', channel: 'echo' } });
  const { token } = (await res.json()) as ConnectionDto;

  return {
    host,
    kind: 'echo',
    supports: { media: true, retract: false, readReceipts: false },
    async send({ externalId, from, name, body }) {
      const posted = await host.request(`/echo/${token}/inbound`, { body: { externalId, from, name, body } });
      if (posted.status !== 201) throw new Error(`inbound: ${posted.status} ${await posted.text()}`);
    },
    // What reached the contact is what came back: the contact's messages in the ticket.
    async received({ ticketId, token }) {
      const { messages } = (await (await host.request(`/api/messages/${ticketId}`, { token })).json()) as {
        messages: MessageDto[];
      };
      return messages.filter((m) => !m.fromMe);
    },
    stop: () => host.stop(),
  };
});
