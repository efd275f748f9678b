import type { EventsPort, InboundMessage, IngestResult, Logger } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TicketsPublisher } from '../tickets/tickets-publisher.js';

export interface IngestTarget {
  id: number;
  companyId: number;
  channel: string;
  groupAsTicket?: string;
}

interface IngestRow {
  outcome: 'stored' | 'duplicate' | 'blocked';
  ticket_id: number | null;
  message_id: string | null;
  ticket_created: boolean | null;
}

declare module '@balcao/sdk' {
  interface DomainEvents {
    'message.created': { companyId: number; ticketId: number; messageId: number; fromMe: boolean };
    'ticket.created': { companyId: number; ticketId: number };
  }
}

/**
 * The inbound pipeline (ARCHITECTURE "Data flow"): idempotent on (connection, externalId), contact resolved, the one
 * non-closed ticket found or created atomically, unread bumped, message stored — one statement; events after commit.
 * The unique indexes, not application checks, make concurrent deliveries safe.
 */
export class IngestService {
  private readonly orm: MikroORM;
  private readonly events: EventsPort;
  private readonly ticketsPublisher: TicketsPublisher;
  private readonly logger: Logger;

  constructor(deps: {
    orm: MikroORM;
    events: EventsPort;
    ticketsPublisher: TicketsPublisher;
    logger: Logger;
  }) {
    this.orm = deps.orm;
    this.events = deps.events;
    this.ticketsPublisher = deps.ticketsPublisher;
    this.logger = deps.logger;
  }

  async ingest(target: IngestTarget, inbound: InboundMessage): Promise<IngestResult> {
    const result = await this.store(target, inbound);
    if (result.outcome !== 'stored') return result;
    const { companyId } = target;
    await this.ticketsPublisher.messageCreated(companyId, result.ticketId, result.messageId);
    if (result.ticketCreated)
      await this.events.emit('ticket.created', { companyId, ticketId: result.ticketId });
    await this.events.emit('message.created', {
      companyId,
      ticketId: result.ticketId,
      messageId: result.messageId,
      fromMe: inbound.fromMe ?? false,
    });
    return result;
  }

  /** One statement (migration core-0004): a round trip per message, atomic on its own. */
  private async store(target: IngestTarget, m: InboundMessage): Promise<IngestResult> {
    const status = m.isGroup && target.groupAsTicket !== 'enabled' ? 'group' : 'pending';
    let row: IngestRow | undefined;
    try {
      [row] = await this.orm.em
        .getConnection()
        .execute<IngestRow[]>('select * from balcao_ingest(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
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
        ]);
    } catch (err) {
      // A concurrent replay lost the race on the unique index: the function rolled its writes back.
      if (String(err).includes('balcao_ingest: duplicate message')) return { outcome: 'duplicate' };
      throw err;
    }
    if (!row || row.outcome === 'duplicate') return { outcome: 'duplicate' };
    if (row.outcome === 'blocked') return { outcome: 'blocked' };
    return {
      outcome: 'stored',
      ticketId: row.ticket_id as number,
      messageId: Number(row.message_id),
      ticketCreated: row.ticket_created ?? false,
    };
  }
}
