import type { EventsPort, InboundMessage, IngestResult, Logger } from '@balcao/sdk';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TicketsPublisher } from '../tickets/tickets-publisher.js';

export interface IngestTarget {
  id: number;
  companyId: number;
  channel: string;
  groupAsTicket?: string;
}

class Duplicate extends Error {}

declare module '@balcao/sdk' {
  interface DomainEvents {
    'message.created': { companyId: number; ticketId: number; messageId: number; fromMe: boolean };
    'ticket.created': { companyId: number; ticketId: number };
  }
}

/**
 * The inbound pipeline (ARCHITECTURE "Data flow"): idempotent on (connection, externalId), contact resolved, the one
 * non-closed ticket found or created atomically, unread bumped, message stored — one transaction; events after commit.
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
    let result: IngestResult;
    try {
      result = await this.orm.em.fork().transactional((em) => this.store(em, target, inbound));
    } catch (err) {
      if (err instanceof Duplicate) return { outcome: 'duplicate' };
      throw err;
    }
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

  private async store(em: EntityManager, target: IngestTarget, m: InboundMessage): Promise<IngestResult> {
    const run = <T extends object[]>(sql: string, params: unknown[]) =>
      em.getConnection().execute<T>(sql, params, 'all', em.getTransactionContext());
    const [contact] = await run<{ id: number; active: boolean }[]>(
      `insert into contacts (company_id, channel, number, name, url_picture, is_group)
       values (?, ?, ?, ?, ?, ?)
       on conflict (company_id, channel, number) do update
         set updated_at = now(),
             url_picture = coalesce(excluded.url_picture, contacts.url_picture),
             name = case when contacts.name = contacts.number then excluded.name else contacts.name end
       returning id, active`,
      [
        target.companyId,
        target.channel,
        m.from.id,
        m.from.name || m.from.id,
        m.from.picture ?? null,
        m.isGroup ?? false,
      ],
    );
    if (!contact.active) return { outcome: 'blocked' };

    const status = m.isGroup && target.groupAsTicket !== 'enabled' ? 'group' : 'pending';
    const [ticket] = await run<{ id: number; inserted: boolean }[]>(
      `insert into tickets (company_id, contact_id, whatsapp_id, channel, status, is_group)
       values (?, ?, ?, ?, ?, ?)
       on conflict (company_id, contact_id, coalesce(whatsapp_id, 0)) where status <> 'closed'
         do update set updated_at = tickets.updated_at
       returning id, (xmax = 0) as inserted`,
      [target.companyId, contact.id, target.id, target.channel, status, m.isGroup ?? false],
    );

    const [message] = await run<{ id: string }[]>(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                             media_type, media_url, participant, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (whatsapp_id, external_id) where external_id is not null do nothing
       returning id`,
      [
        target.companyId,
        ticket.id,
        contact.id,
        target.id,
        m.externalId,
        m.body,
        m.fromMe ?? false,
        m.fromMe ?? false,
        m.fromMe ? 1 : 0,
        m.mediaType ?? 'chat',
        m.mediaUrl ?? null,
        m.participant ?? null,
        m.timestamp ?? new Date(),
      ],
    );
    // A replay: undo the contact and ticket touches too, so a duplicate changes nothing.
    if (!message) throw new Duplicate();

    await run(
      `update tickets set last_message = ?, updated_at = now(),
              unread_messages = case when ? then 0 else unread_messages + 1 end
        where id = ?`,
      [m.body.slice(0, 255), m.fromMe ?? false, ticket.id],
    );
    if (ticket.inserted) {
      await run(`insert into ticket_logs (company_id, ticket_id, type) values (?, ?, 'create')`, [
        target.companyId,
        ticket.id,
      ]);
    }
    return {
      outcome: 'stored',
      ticketId: ticket.id,
      messageId: Number(message.id),
      ticketCreated: ticket.inserted,
    };
  }
}
