import type { ChannelSendContext, OutboundMessage, SessionStore } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALCAO_SEND_METADATA, createMetaChannel, PAGE_TOKEN_KEY, sentByBalcaoKey } from './channel.js';
import { type MockGraph, startMockGraph } from './testing/mock-graph.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const MEDIA_URL = '/api/media/company1/0123456789abcdef0123456789abcdef.png';

function store(entries: Record<string, string>): SessionStore {
  const map = new Map(Object.entries(entries));
  return {
    get: async (k) => map.get(k) ?? null,
    set: async (k, v) => void map.set(k, v),
    delete: async (k) => void map.delete(k),
    list: async () => [],
    clear: async () => map.clear(),
  };
}

const ctxFor = (channel: 'facebook' | 'instagram', token: string | null): ChannelSendContext => ({
  connection: {
    id: 5,
    companyId: 1,
    channel,
    name: 'Loja',
    token: 'T'.repeat(30),
    greetingMessage: null,
    embedOrigins: [],
  },
  realtime: { publish: async () => {}, defineRoom: () => {}, defineGuest: () => {} },
  session: store(token ? { [PAGE_TOKEN_KEY]: token } : {}),
  media: {
    store: async () => ({ url: '', type: 'image', size: 0 }),
    read: async (url) =>
      url === MEDIA_URL ? { data: PNG, mimeType: 'image/png', fileName: 'vitrine.png' } : null,
  },
});

let n = 0;
const outbound = (fields: Partial<OutboundMessage>): OutboundMessage => ({
  messageId: ++n,
  ticketId: 1,
  to: 'psid-1',
  body: '',
  createdAt: new Date().toISOString(),
  mediaType: 'chat',
  mediaUrl: null,
  idempotencyKey: `k${n}`,
  ...fields,
});

let graph: MockGraph;
beforeAll(async () => {
  graph = await startMockGraph();
  graph.users.set('1', {
    token: 'user',
    pages: [{ id: '200', name: 'Loja', accessToken: 'page-token-200' }],
  });
});
afterAll(() => graph.stop());

const config = () => ({ graphUrl: graph.url, graphVersion: 'v9.0', publicUrl: 'https://balcao.example' });

describe('Meta Send API', () => {
  it('a text goes to the recipient with the page’s token; the answer is ack 1 and Graph’s message id', async () => {
    const facebook = createMetaChannel('facebook', config());
    const result = await facebook.send(outbound({ body: 'Olá!' }), ctxFor('facebook', 'page-token-200'));
    const sent = graph.sends.at(-1);
    expect(sent).toMatchObject({ pageId: '200', recipient: 'psid-1', text: 'Olá!' });
    expect(result).toEqual({ ack: 1, externalId: sent?.messageId });
  });

  it('Messenger uploads a file with the message, then sends its caption as text', async () => {
    const facebook = createMetaChannel('facebook', config());
    const before = graph.sends.length;
    const result = await facebook.send(
      outbound({ body: 'Veja', mediaType: 'image', mediaUrl: MEDIA_URL }),
      ctxFor('facebook', 'page-token-200'),
    );
    const [file, caption] = graph.sends.slice(before);
    expect(file?.attachment).toMatchObject({ type: 'image', fileName: 'vitrine.png', mimeType: 'image/png' });
    expect(file?.attachment?.data?.equals(PNG)).toBe(true);
    expect(caption?.text).toBe('Veja');
    expect(result.externalId).toBe(file?.messageId);
  });

  it('Messenger sends carry Balcão’s metadata, which their echoes hand back; nothing is marked in the store', async () => {
    const facebook = createMetaChannel('facebook', config());
    const before = graph.sends.length;
    const ctx = ctxFor('facebook', 'page-token-200');
    await facebook.send(outbound({ body: 'Veja', mediaType: 'image', mediaUrl: MEDIA_URL }), ctx);
    await facebook.send(outbound({ body: 'Só texto' }), ctx);
    const sent = graph.sends.slice(before);
    expect(sent.map((s) => [s.attachment ? 'file' : s.text, s.metadata])).toEqual([
      ['file', BALCAO_SEND_METADATA],
      ['Veja', BALCAO_SEND_METADATA],
      ['Só texto', BALCAO_SEND_METADATA],
    ]);
    for (const s of sent) expect(await ctx.session.get(sentByBalcaoKey(s.messageId))).toBeNull();
  });

  it('Instagram takes no metadata: a file and its caption are marked in the store, so their echoes are not stored again', async () => {
    const instagram = createMetaChannel('instagram', config());
    const before = graph.sends.length;
    const ctx = ctxFor('instagram', 'page-token-200');
    await instagram.send(outbound({ body: 'Veja', mediaType: 'image', mediaUrl: MEDIA_URL }), ctx);
    const [file, caption] = graph.sends.slice(before);
    expect([file?.metadata, caption?.metadata]).toEqual([undefined, undefined]);
    expect(await ctx.session.get(sentByBalcaoKey(file?.messageId ?? ''))).toBe('1');
    expect(await ctx.session.get(sentByBalcaoKey(caption?.messageId ?? ''))).toBe('1');
    // A text needs no mark: its mid is the message's externalId, which ingest dedupes on.
    const text = await instagram.send(outbound({ body: 'Só texto' }), ctx);
    expect(await ctx.session.get(sentByBalcaoKey(text.externalId ?? ''))).toBeNull();
  });

  it('Instagram sends a file by its public URL on Balcão', async () => {
    const instagram = createMetaChannel('instagram', config());
    const before = graph.sends.length;
    await instagram.send(
      outbound({ mediaType: 'image', mediaUrl: MEDIA_URL }),
      ctxFor('instagram', 'page-token-200'),
    );
    expect(graph.sends.slice(before)).toEqual([
      expect.objectContaining({ attachment: { type: 'image', url: `https://balcao.example${MEDIA_URL}` } }),
    ]);
  });

  it('Instagram without a public address cannot send files: it says so instead of sending nothing', async () => {
    const instagram = createMetaChannel('instagram', { graphUrl: graph.url, graphVersion: 'v9.0' });
    await expect(
      instagram.send(
        outbound({ mediaType: 'image', mediaUrl: MEDIA_URL }),
        ctxFor('instagram', 'page-token-200'),
      ),
    ).rejects.toThrow(/PUBLIC_URL/);
  });

  it('a Graph failure throws (the outbox retries), and so does a connection without a page token', async () => {
    const facebook = createMetaChannel('facebook', config());
    graph.failNextSends(1);
    await expect(
      facebook.send(outbound({ body: 'x' }), ctxFor('facebook', 'page-token-200')),
    ).rejects.toThrow(/unexpected error/);
    await expect(facebook.send(outbound({ body: 'x' }), ctxFor('facebook', 'revoked-token'))).rejects.toThrow(
      /OAuth/,
    );
    await expect(facebook.send(outbound({ body: 'x' }), ctxFor('facebook', null))).rejects.toThrow(
      /not linked/,
    );
  });

  it('declares Meta’s rules as traits: a 24-hour reply window, page-scoped contacts, no session, no groups', () => {
    const facebook = createMetaChannel('facebook', config());
    expect(facebook.planFlag).toBe('useFacebook');
    expect(createMetaChannel('instagram', config()).planFlag).toBe('useInstagram');
    expect(facebook.traits).toMatchObject({ replyWindowHours: 24, needsSession: false, groups: false });
  });
});
