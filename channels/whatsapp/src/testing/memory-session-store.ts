import {
  type ChannelConnection,
  type ChannelSessionContext,
  type ConversationsPort,
  type InboundMessage,
  type Logger,
  type SessionStatusReport,
  type SessionStore,
  sessionKeySchema,
} from '@balcao/sdk';

/**
 * A SessionStore in memory, with core's key rule (1–200 printable characters): what the adapter's tests keep a
 * session in. `entries` is the raw map, to look at what was stored.
 */
export class MemorySessionStore implements SessionStore {
  readonly entries = new Map<string, string>();

  async get(key: string): Promise<string | null> {
    return this.entries.get(sessionKeySchema.parse(key)) ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    this.entries.set(sessionKeySchema.parse(key), value);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(sessionKeySchema.parse(key));
  }

  async list(prefix: string): Promise<{ key: string; value: string }[]> {
    return [...this.entries]
      .filter(([key]) => key.startsWith(prefix))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => ({ key, value }));
  }

  async clear(): Promise<void> {
    this.entries.clear();
  }
}

/** A session context for adapter tests: an in-memory store, and everything reported or ingested recorded. */
export function recordingSessionContext(connectionId = 1, session: SessionStore = new MemorySessionStore()) {
  const reports: SessionStatusReport[] = [];
  const ingested: InboundMessage[] = [];
  const markedRead: string[] = [];
  /** What the channel reported later about a message, by its id: `ack:3`, `edited:text`, `revoked`. */
  const changes: { externalId: string; change: string }[] = [];
  const connection: ChannelConnection = {
    id: connectionId,
    companyId: 1,
    channel: 'whatsapp',
    name: 'Loja',
    token: 'T'.repeat(30),
    greetingMessage: null,
    embedOrigins: [],
  };
  const logger: Logger = {
    debug() {},
    info() {},
    warn() {},
    error() {},
    child: () => logger,
  };
  const conversations: ConversationsPort = {
    async ingest(_c, inbound) {
      ingested.push(inbound);
      return { outcome: 'stored', ticketId: 1, messageId: ingested.length, ticketCreated: false };
    },
    async connectionByToken() {
      return connection;
    },
    async connectionByAccount() {
      return connection;
    },
    async storeMedia(_c, file) {
      return { url: `/api/media/company1/${file.fileName}`, type: 'image', size: file.data.byteLength };
    },
    async history() {
      return [];
    },
    async markRead(_c, contactId) {
      markedRead.push(contactId);
      return 1;
    },
    async presence() {},
    async ack(_c, externalId, ack) {
      changes.push({ externalId, change: `ack:${ack}` });
      return true;
    },
    async edited(_c, externalId, body) {
      changes.push({ externalId, change: `edited:${body}` });
      return true;
    },
    async revoked(_c, externalId) {
      changes.push({ externalId, change: 'revoked' });
      return true;
    },
  };
  const ctx: ChannelSessionContext = {
    connection,
    session,
    status: { report: async (r) => void reports.push(r) },
    conversations,
    logger,
  };
  return { ctx, reports, ingested, markedRead, changes, statuses: () => reports.map((r) => r.status) };
}
