import {
  type EventsPort,
  type InboundMessage,
  type IngestResult,
  type Logger,
  lastMessagePreview,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { IngestBatcher, type IngestOutcome } from './ingest-batcher.js';

export interface IngestTarget {
  id: number;
  companyId: number;
  channel: string;
  groupAsTicket?: string;
}

/**
 * The inbound pipeline (ARCHITECTURE "Data flow"): idempotent on (connection, externalId), contact resolved, the one
 * non-closed ticket found or created atomically, unread bumped, message stored — one statement (group-committed with
 * concurrent messages, see IngestBatcher); events after commit.
 * The unique indexes, not application checks, make concurrent deliveries safe.
 */
export class IngestService {
  private readonly orm: MikroORM;
  private readonly events: EventsPort;
  private readonly logger: Logger;
  private readonly batcher: IngestBatcher;

  constructor(deps: {
    orm: MikroORM;
    events: EventsPort;
    logger: Logger;
  }) {
    this.orm = deps.orm;
    this.events = deps.events;
    this.logger = deps.logger;
    this.batcher = new IngestBatcher(deps.orm);
  }

  async ingest(target: IngestTarget, inbound: InboundMessage): Promise<IngestResult> {
    const stored = await this.store(target, inbound);
    if (stored.outcome !== 'stored') return stored;
    const { contactId, ...result } = stored;
    const { companyId } = target;
    if (result.ticketCreated)
      await this.events.emit('ticket.created', { companyId, ticketId: result.ticketId });
    // A closed ticket came back: whoever saw it where it was hears it moved (its message below carries it).
    if (result.reopenedFrom)
      await this.events.emit('ticket.updated', {
        companyId,
        ticketId: result.ticketId,
        previous: result.reopenedFrom,
      });
    await this.events.emit('message.created', {
      companyId,
      ticketId: result.ticketId,
      messageId: result.messageId,
      contactId,
      fromMe: inbound.fromMe ?? false,
      // A message the account sent from elsewhere (the phone itself) is the company's, not the contact's.
      kind: inbound.fromMe ? 'outbound' : 'inbound',
      mediaType: inbound.mediaType ?? 'chat',
    });
    return result;
  }

  /** One call of balcao_ingest (v14, sql/), committed together with the messages that arrive meanwhile. */
  private store(target: IngestTarget, m: InboundMessage): Promise<IngestOutcome> {
    const status = m.isGroup && target.groupAsTicket !== 'enabled' ? 'group' : 'pending';
    return this.batcher.store([
      target.companyId,
      target.id,
      target.channel,
      m.from.id,
      m.from.name || m.from.id,
      m.from.picture ?? null,
      m.isGroup ?? false,
      status,
      m.externalId,
      m.body,
      m.fromMe ?? false,
      m.mediaType ?? 'chat',
      m.mediaUrl ?? null,
      m.participant ?? null,
      m.timestamp ?? new Date(),
      lastMessagePreview(m),
      m.quotedExternalId || null,
    ]);
  }
}
