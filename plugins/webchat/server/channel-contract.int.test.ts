import type { VisitorFrame } from '@balcao/channel-webchat';
import { visitorContactId } from '@balcao/channel-webchat';
import type { ConnectionDto } from '@balcao/sdk';
import {
  type ChannelContractHarness,
  createTestHost,
  describeChannelContract,
  type EdgeDelivery,
} from '@balcao/testing';
import { WebSocket } from 'ws';
import webchat from './index.js';

/**
 * The web chat against the channel contract. Its edge is the visitor's page: posts to the public API, and the guest
 * socket that brings the attendants' messages (and deletions) to the page.
 */
describeChannelContract('web chat', async (): Promise<ChannelContractHarness> => {
  const host = await createTestHost({ plugins: [webchat] });
  const { token: admin } = await host.login(host.admin.email, host.admin.password);
  const res = await host.request('/api/whatsapp', {
    token: admin,
    body: { name: 'Contrato', channel: 'webchat' },
  });
  const { token } = (await res.json()) as ConnectionDto;
  /** Per visitor: their page's socket and the frames it heard. */
  const pages = new Map<string, { ws: WebSocket; frames: VisitorFrame[] }>();

  async function pageOf(visitorId: string) {
    const open = pages.get(visitorId);
    if (open) return open;
    const ws = new WebSocket(
      `${host.url.replace('http', 'ws')}/ws?guest=webchat&token=${token}&visitorId=${visitorId}`,
    );
    const page = { ws, frames: [] as VisitorFrame[] };
    ws.on('message', (raw) => page.frames.push(JSON.parse(raw.toString()).data));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    pages.set(visitorId, page);
    return page;
  }

  return {
    host,
    kind: 'webchat',
    supports: { media: true, retract: true, readReceipts: true },
    contactNumber: visitorContactId,
    async send({ externalId, from, name, body }) {
      await pageOf(from);
      const posted = await host.request(`/api/webchat/${token}/messages`, {
        body: { visitorId: from, name, body, clientMessageId: externalId },
      });
      if (posted.status !== 201) throw new Error(`post: ${posted.status} ${await posted.text()}`);
    },
    async received({ contact }) {
      return (await pageOf(contact)).frames.flatMap((f): EdgeDelivery[] =>
        f.action === 'message' ? [f.message] : [],
      );
    },
    async retracted({ contact }) {
      return (await pageOf(contact)).frames.flatMap((f) => (f.action === 'delete' ? [f.messageId] : []));
    },
    async read({ contact }) {
      await host.request(`/api/webchat/${token}/read`, { body: { visitorId: contact } });
    },
    async stop() {
      for (const page of pages.values()) page.ws.terminate();
      await host.stop();
    },
  };
});
