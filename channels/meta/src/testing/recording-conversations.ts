import type { ChannelConnection, ConversationsPort, InboundMessage, SessionStore } from '@balcao/sdk';
import { PAGE_TOKEN_KEY } from '../channel.js';
import { FIXTURE_IDS } from './fixtures.js';

const connectionOf = (id: number, channel: 'facebook' | 'instagram'): ChannelConnection => ({
  id,
  companyId: 1,
  channel,
  name: channel,
  token: 'T'.repeat(30),
  greetingMessage: null,
  embedOrigins: [],
});

/** A connection's store in memory. */
function memoryStore(entries: Record<string, string> = {}): SessionStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get: async (k) => map.get(k) ?? null,
    set: async (k, v) => void map.set(k, v),
    delete: async (k) => void map.delete(k),
    list: async () => [...map].map(([key, value]) => ({ key, value })),
    clear: async () => map.clear(),
  };
}

/**
 * Core's door for channels, recording what the webhook asked of it; accounts of the fixtures only. Ingest dedupes on
 * the externalId as core does (`sent` puts a mid on Balcão's message, as the outbox records a send's); each connection
 * has a store holding its page token. `sendsOnTheirWay`, when given, answers the door of that name (asked in `asked`).
 */
export function recordingConversations(
  opts: { sendsOnTheirWay?: (connectionId: number, to: string) => boolean | Promise<boolean> } = {},
) {
  const ingested: { connection: number; inbound: InboundMessage }[] = [];
  const acks: { externalId: string; ack: number }[] = [];
  const reads: string[] = [];
  const stored: { fileName: string; mimeType: string; size: number }[] = [];
  const accounts: Record<string, ChannelConnection> = {
    [`facebook:${FIXTURE_IDS.page}`]: connectionOf(7, 'facebook'),
    [`instagram:${FIXTURE_IDS.instagram}`]: connectionOf(8, 'instagram'),
  };
  const stores = new Map([
    [7, memoryStore({ [PAGE_TOKEN_KEY]: 'page-token-fixture' })],
    [8, memoryStore({ [PAGE_TOKEN_KEY]: 'page-token-fixture' })],
  ]);
  const seen = new Set<string>();
  const asked: { connection: number; to: string }[] = [];
  const onTheirWay = opts.sendsOnTheirWay;
  const port: ConversationsPort = {
    ...(onTheirWay
      ? {
          async sendsOnTheirWay(connection: ChannelConnection, to: string) {
            asked.push({ connection: connection.id, to });
            return onTheirWay(connection.id, to);
          },
        }
      : {}),
    async ingest(connection, inbound) {
      if (seen.has(`${connection.id}:${inbound.externalId}`)) return { outcome: 'duplicate' };
      seen.add(`${connection.id}:${inbound.externalId}`);
      ingested.push({ connection: connection.id, inbound });
      return { outcome: 'stored', ticketId: 1, messageId: ingested.length, ticketCreated: false };
    },
    connectionStore: async (connection) => {
      const store = stores.get(connection.id);
      if (!store) throw new Error('no such connection');
      return store;
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
  /** The outbox recorded `mid` on Balcão's message of the connection: its echo is a duplicate for ingest. */
  const sent = (connectionId: number, mid: string) => seen.add(`${connectionId}:${mid}`);
  return { port, ingested, acks, reads, stored, stores, asked, sent };
}
