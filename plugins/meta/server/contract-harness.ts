import {
  delivery,
  type MockGraph,
  signedDelivery,
  startMockGraph,
  textEvent,
} from '@balcao/channel-meta/testing';
import type { MessageDto } from '@balcao/sdk';
import {
  type ChannelContractHarness,
  createTestHost,
  type EdgeConversation,
  type EdgeDelivery,
  type TestHost,
} from '@balcao/testing';
import { createMetaPlugin, WEBHOOK_PATH } from './index.js';

export const APP_SECRET = 'contract-app-secret';
export const VERIFY_TOKEN = 'contract-verify-token';
/** Balcão's public address as Instagram would fetch files from it (the mock never fetches it). */
export const PUBLIC_URL = 'https://balcao.example';
/** The Facebook user, page and Instagram account the mock Graph knows. */
export const USER = { id: '1001', token: 'EAAGuserTokenForTheContract0001' };
export const PAGE = {
  id: '2001',
  name: 'Loja Contrato',
  accessToken: 'EAAGpageTokenForTheContract0002',
  instagram: { id: '3001', username: 'loja.contrato' },
};

/** A Balcão with the Meta plugin, pointed at a fresh mock Graph. */
export async function startMetaHost(): Promise<{ host: TestHost; graph: MockGraph }> {
  const graph = await startMockGraph();
  const host = await createTestHost({
    plugins: [
      createMetaPlugin({
        env: {},
        appSecret: APP_SECRET,
        verifyToken: VERIFY_TOKEN,
        graphUrl: graph.url,
        publicUrl: PUBLIC_URL,
      }),
    ],
  });
  return { host, graph };
}

/** Posts a delivery to the webhook, signed as Meta would. */
export async function postWebhook(host: TestHost, payload: unknown, secret = APP_SECRET): Promise<Response> {
  const { body, headers } = signedDelivery(payload, secret);
  return fetch(`${host.url}${WEBHOOK_PATH}`, { method: 'POST', body, headers });
}

/**
 * The contract's harness for 'facebook' or 'instagram': company 1's admin links the mock page (and its Instagram
 * account); contacts write through signed webhooks; what reached them is what the mock's Send API got. Messenger
 * uploads files (told apart by their bytes against Balcão's messages); Instagram names them by URL.
 */
export async function metaHarness(kind: 'facebook' | 'instagram'): Promise<ChannelContractHarness> {
  const { host, graph } = await startMetaHost();
  graph.users.set(USER.id, { token: USER.token, pages: [PAGE] });
  const { token } = await host.login(host.admin.email, host.admin.password);
  const linked = await host.request('/api/facebook', {
    token,
    body: { facebookUserId: USER.id, facebookUserToken: USER.token, addInstagram: true },
  });
  if (linked.status !== 200) throw new Error(`link: ${linked.status} ${await linked.text()}`);
  const object = kind === 'facebook' ? 'page' : 'instagram';
  const account = kind === 'facebook' ? PAGE.id : PAGE.instagram.id;

  /** Balcão's media of the conversation, by their bytes: which stored file an upload carried. */
  async function mediaByBytes(c: EdgeConversation): Promise<Map<string, string>> {
    const res = await host.request(`/api/messages/${c.ticketId}`, { token: c.token });
    const { messages } = (await res.json()) as { messages: MessageDto[] };
    const out = new Map<string, string>();
    for (const m of messages.filter((x) => x.mediaUrl)) {
      const bytes = Buffer.from(await (await fetch(new URL(m.mediaUrl ?? '', host.url))).arrayBuffer());
      out.set(bytes.toString('base64'), m.mediaUrl ?? '');
    }
    return out;
  }

  return {
    host,
    kind,
    supports: { media: true, retract: false, readReceipts: true },
    async send({ externalId, from, body }) {
      const res = await postWebhook(
        host,
        delivery(object, account, [textEvent(account, from, externalId, body)]),
      );
      if (res.status !== 200) throw new Error(`webhook: ${res.status} ${await res.text()}`);
    },
    async received(c) {
      const sends = graph.sends.filter((s) => s.recipient === c.contact);
      const uploads = sends.some((s) => s.attachment?.data)
        ? await mediaByBytes(c)
        : new Map<string, string>();
      return sends.map((s): EdgeDelivery => {
        if (!s.attachment) return { body: s.text ?? '', mediaType: 'chat', mediaUrl: null };
        const url = s.attachment.url
          ? s.attachment.url.replace(PUBLIC_URL, '')
          : (uploads.get(s.attachment.data?.toString('base64') ?? '') ?? null);
        return {
          body: '',
          mediaType: s.attachment.type === 'file' ? 'application' : s.attachment.type,
          mediaUrl: url,
        };
      });
    },
    async read(c) {
      const read = kind === 'facebook' ? { watermark: Date.now() } : { mid: 'any' };
      const event = { sender: { id: c.contact }, recipient: { id: account }, timestamp: Date.now(), read };
      const res = await postWebhook(host, delivery(object, account, [event]));
      if (res.status !== 200) throw new Error(`read: ${res.status}`);
    },
    async stop() {
      await host.stop();
      await graph.stop();
    },
  };
}
