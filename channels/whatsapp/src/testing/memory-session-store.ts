import {
  type ChannelConnection,
  type ChannelSessionContext,
  type ConversationsPort,
  type HistoryImportWindow,
  type InboundCall,
  type InboundMessage,
  type Logger,
  type SessionStatusReport,
  type SessionStore,
  sessionKeySchema,
} from '@balcao/sdk';
import { MemoryMedia } from './memory-media.js';

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

/** The history import a recording context plays core's side of: the window it answers and what it was told. */
export interface RecordedHistory {
  window: HistoryImportWindow | null;
  /** Each `progress(processed, total)` call. */
  progress: [number, number][];
  finished: number;
}

/**
 * A session context for adapter tests: an in-memory session store and media store (company 1), and everything
 * reported, ingested or warned recorded. Like core,
 * it stores a message once per externalId (live or imported): `ingested` holds live ones, `imported` history ones.
 */
export function recordingSessionContext(
  connectionId = 1,
  session: SessionStore = new MemorySessionStore(),
  media = new MemoryMedia(1),
  history: RecordedHistory = { window: null, progress: [], finished: 0 },
) {
  const reports: SessionStatusReport[] = [];
  const ingested: InboundMessage[] = [];
  const imported: InboundMessage[] = [];
  const stored = new Set<string>();
  const markedRead: string[] = [];
  /** What the contacts were seen doing (typing, recording, stopped). */
  const presences: { contactId: string; presence: string }[] = [];
  /** The calls core was told of, and whether it asks the channel to decline them. */
  const calls: InboundCall[] = [];
  let declining = false;
  /** What the channel reported later about a message, by its id: `ack:3`, `edited:text`, `revoked`. */
  const changes: { externalId: string; change: string }[] = [];
  /** The contacts core was asked to make one (mergeContact), with how many messages had come in by then. */
  const merges: { alias: string; id: string; ingested: number; imported: number }[] = [];
  /** Files attached to stored messages later (attachMedia: a history import's media), in order. */
  const attached: { externalId: string; url: string }[] = [];
  const connection: ChannelConnection = {
    id: connectionId,
    companyId: 1,
    channel: 'whatsapp',
    name: 'Loja',
    token: 'T'.repeat(30),
    greetingMessage: null,
    embedOrigins: [],
  };
  /** What the adapter warned about: the log's fields and message. */
  const warnings: { fields: object | string; msg?: string }[] = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (fields, msg) => void warnings.push({ fields, msg }),
    error() {},
    child: () => logger,
  };
  const conversations: ConversationsPort = {
    async ingest(_c, inbound) {
      if (stored.has(inbound.externalId)) return { outcome: 'duplicate' };
      stored.add(inbound.externalId);
      ingested.push(inbound);
      return { outcome: 'stored', ticketId: 1, messageId: ingested.length, ticketCreated: false };
    },
    async ingestHistory(_c, messages) {
      const result = { stored: 0, duplicate: 0, ignored: 0, blocked: 0, storedIds: [] as string[] };
      for (const m of messages) {
        if (stored.has(m.externalId)) result.duplicate += 1;
        else {
          stored.add(m.externalId);
          imported.push(m);
          result.stored += 1;
          result.storedIds.push(m.externalId);
        }
      }
      return result;
    },
    async attachMedia(_c, externalId, file) {
      // As core: only a stored message without a file yet takes one.
      if (!stored.has(externalId) || attached.some((a) => a.externalId === externalId)) return false;
      attached.push({ externalId, url: file.url });
      return true;
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
    async call(_c, call) {
      calls.push(call);
      return { reject: declining };
    },
    async presence(_c, contactId, presence) {
      presences.push({ contactId, presence });
    },
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
    async mergeContact(_c, alias, id) {
      merges.push({ alias, id, ingested: ingested.length, imported: imported.length });
      return { outcome: 'merged', contactId: 2, mergedContactId: 1 };
    },
  };
  const ctx: ChannelSessionContext = {
    connection,
    session,
    status: { report: async (r) => void reports.push(r) },
    conversations,
    media,
    logger,
    history: {
      window: async () => history.window,
      progress: async (processed, total) => void history.progress.push([processed, total]),
      finished: async () => {
        history.finished += 1;
      },
    },
  };
  return {
    ctx,
    media,
    reports,
    ingested,
    imported,
    history,
    markedRead,
    presences,
    calls,
    declineCalls: (on: boolean) => {
      declining = on;
    },
    changes,
    merges,
    attached,
    warnings,
    statuses: () => reports.map((r) => r.status),
  };
}
