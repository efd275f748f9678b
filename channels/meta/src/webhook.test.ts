import type { ChannelConnection, ConversationsPort, InboundMessage, Logger } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_IDS, fixture, imageDelivery } from './testing/fixtures.js';
import { type MockGraph, startMockGraph } from './testing/mock-graph.js';
import { handleWebhook, webhookSchema } from './webhook.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const connectionOf = (id: number, channel: 'facebook' | 'instagram'): ChannelConnection => ({
  id,
  companyId: 1,
  channel,
  name: channel,
  token: 'T'.repeat(30),
  greetingMessage: null,
  embedOrigins: [],
});

/** Core's door for channels, recording what the webhook asked of it; accounts of the fixtures only. */
function recordingConversations() {
  const ingested: { connection: number; inbound: InboundMessage }[] = [];
  const acks: { externalId: string; ack: number }[] = [];
  const reads: string[] = [];
  const stored: { fileName: string; mimeType: string; size: number }[] = [];
  const accounts: Record<string, ChannelConnection> = {
    [`facebook:${FIXTURE_IDS.page}`]: connectionOf(7, 'facebook'),
    [`instagram:${FIXTURE_IDS.instagram}`]: connectionOf(8, 'instagram'),
  };
  const port: ConversationsPort = {
    async ingest(connection, inbound) {
      ingested.push({ connection: connection.id, inbound });
      return { outcome: 'stored', ticketId: 1, messageId: ingested.length, ticketCreated: false };
    },
    connectionByToken: async () => null,
    connectionByAccount: async (account, channel) => accounts[`${channel}:${account}`] ?? null,
    async storeMedia(_c, file) {
      stored.push({ fileName: file.fileName, mimeType: file.mimeType, size: file.data.byteLength });
      return { url: '/api/media/company1/0123456789abcdef0123456789abcdef.png', type: 'image', size: 1 };
    },
    history: async () => [],
    async markRead(_c, contactId) {
      reads.push(contactId);
      return 1;
    },
    presence: async () => {},
    async ack(_c, externalId, ack) {
      acks.push({ externalId, ack });
      return true;
    },
    edited: async () => false,
    revoked: async () => false,
  };
  return { port, ingested, acks, reads, stored };
}

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => logger };
let graph: MockGraph;
beforeAll(async () => {
  graph = await startMockGraph();
});
afterAll(() => graph.stop());

const run = (payload: unknown, conversations: ConversationsPort) =>
  handleWebhook(webhookSchema.parse(payload), { conversations, logger });

describe('Meta webhook deliveries', () => {
  it('a Messenger text is ingested on the page’s connection, from the sender’s PSID, with the mid as externalId', async () => {
    const rec = recordingConversations();
    const payload = fixture('messenger-text');
    expect(await run(payload, rec.port)).toMatchObject({ stored: 1 });
    expect(rec.ingested).toEqual([
      {
        connection: 7,
        inbound: expect.objectContaining({
          externalId: 'm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789text',
          from: { id: FIXTURE_IDS.psid, name: '' },
          body: 'Olá! Vocês entregam no sábado?',
          timestamp: new Date(payload.entry[0]?.messaging[0]?.timestamp as number),
        }),
      },
    ]);
  });

  it('an image is downloaded into Balcão’s media and ingested as an image with its address', async () => {
    const rec = recordingConversations();
    await run(imageDelivery(graph.file('pedido.png', PNG, 'image/png')), rec.port);
    expect(rec.stored).toEqual([{ fileName: 'pedido.png', mimeType: 'image/png', size: PNG.length }]);
    expect(rec.ingested[0]?.inbound).toMatchObject({
      mediaType: 'image',
      mediaUrl: '/api/media/company1/0123456789abcdef0123456789abcdef.png',
      body: '',
    });
  });

  it('an attachment that cannot be downloaded still arrives, as its type without a file', async () => {
    const rec = recordingConversations();
    await run(imageDelivery(`${graph.url}/cdn/missing.png`), rec.port);
    expect(rec.stored).toEqual([]);
    expect(rec.ingested[0]?.inbound).toMatchObject({ mediaType: 'image', mediaUrl: null });
  });

  it('the page’s own echoes are not ingested', async () => {
    const rec = recordingConversations();
    expect(await run(fixture('messenger-echo'), rec.port)).toMatchObject({ stored: 0, skipped: 1 });
    expect(rec.ingested).toEqual([]);
  });

  it('a delivery acks each message it names as delivered (2); a read marks the contact’s messages read', async () => {
    const rec = recordingConversations();
    await run(fixture('messenger-delivery'), rec.port);
    await run(fixture('messenger-read'), rec.port);
    expect(rec.acks).toEqual([{ externalId: 'm_mock1', ack: 2 }]);
    expect(rec.reads).toEqual([FIXTURE_IDS.psid]);
  });

  it('Instagram deliveries go to the Instagram account’s connection', async () => {
    const rec = recordingConversations();
    await run(fixture('instagram-text'), rec.port);
    await run(fixture('instagram-read'), rec.port);
    expect(rec.ingested).toEqual([
      { connection: 8, inbound: expect.objectContaining({ from: { id: FIXTURE_IDS.igsid, name: '' } }) },
    ]);
    expect(rec.reads).toEqual([FIXTURE_IDS.igsid]);
  });

  it('entries of a page no connection is linked to are skipped', async () => {
    const rec = recordingConversations();
    const payload = fixture('messenger-text');
    if (payload.entry[0]) payload.entry[0].id = '999';
    expect(await run(payload, rec.port)).toMatchObject({ stored: 0, skipped: 1 });
    expect(rec.ingested).toEqual([]);
  });
});
