import type { ConnectionDto, OutboundMessage, OutboundReaction } from '@balcao/sdk';
import { type ChannelContractHarness, createTestHost, describeChannelContract } from '@balcao/testing';
import { fakeWhatsappPlugin } from './fake-whatsapp-plugin.js';

/**
 * The fake WhatsApp channel the browser specs play groups with honours the channel contract too, so what the specs
 * learn about delivery holds for a real adapter. Its edge: the inbound test route and the outbox. It has no retract
 * and no read receipts; the suite checks it claims neither. Reactions it records in the outbox. Its phone scans a session's QR code through the scan route.
 */
describeChannelContract('fake WhatsApp (test plugin)', async (): Promise<ChannelContractHarness> => {
  const host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  const { token: admin } = await host.login(host.admin.email, host.admin.password);
  const res = await host.request('/api/whatsapp', {
    token: admin,
    body: { name: 'Contrato', channel: 'whatsapp' },
  });
  const { token } = (await res.json()) as ConnectionDto;
  return {
    host,
    kind: 'whatsapp',
    supports: { media: true, retract: false, readReceipts: false, reactions: true },
    async send({ externalId, from, name, body }) {
      const posted = await host.request(`/test-channel/${token}/inbound`, {
        body: { externalId, from: { id: from, name }, body },
      });
      if (posted.status !== 201) throw new Error(`inbound: ${posted.status} ${await posted.text()}`);
    },
    async received({ contact }) {
      const { messages } = (await (await host.request(`/test-channel/${token}/outbox`)).json()) as {
        messages: OutboundMessage[];
      };
      return messages.filter((m) => m.to === contact);
    },
    async reactions({ contact }) {
      const { reactions } = (await (await host.request(`/test-channel/${token}/outbox`)).json()) as {
        reactions: OutboundReaction[];
      };
      return reactions
        .filter((r) => r.to === contact)
        .map((r) => ({ emoji: r.emoji, on: r.target.externalId }));
    },
    async pair(connection) {
      const scanned = await host.request(`/test-channel/${connection.token}/scan`, {
        body: { number: '5511977770000' },
      });
      if (!scanned.ok) throw new Error(`scan: ${scanned.status} ${await scanned.text()}`);
    },
    stop: () => host.stop(),
  };
});
