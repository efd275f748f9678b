import {
  AppError,
  type AuthUser,
  type EventsPort,
  type SettingsPort,
  type TicketAudience,
  type TicketDto,
  type TicketLogDto,
  type TicketLogType,
  type TicketUpdateInput,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRows, preparedRows } from '../../db/prepared.js';
import { likeTerm } from '../../db/sql-helpers.js';
import { type AutomaticDeps, farewellOnClose, greetOnAccept } from './automatic-messages.js';
import { Ticket, TicketLog } from './ticket.entity.js';
import { TICKET_PAGE_SIZE, type TicketListFilters, ticketListSql } from './ticket-list-sql.js';
import { findTicketDto, type TicketRow, toTicketDtos } from './ticket-queries.js';
import type { TicketsPublisher } from './tickets-publisher.js';
import { canSeeTicket, loadTicketAccess, type TicketAccess } from './visibility.js';

/** Past this many expected message hits, a ticket search walks the list instead of gathering the hits. */
const COMMON_TERM_MESSAGES = 10_000;

declare module '../../kernel/container.js' {
  interface Cradle {
    tickets: TicketsService;
    ticketsPublisher: TicketsPublisher;
  }
}

/** Tickets of the current company: visibility, lists, and the transitions of spec part 1 §4. */
export class TicketsService {
  private readonly em: EntityManager;
  private readonly publisher: TicketsPublisher;
  private readonly settings: SettingsPort;
  private readonly automatic: AutomaticDeps;

  constructor(deps: {
    em: EntityManager;
    ticketsPublisher: TicketsPublisher;
    settings: SettingsPort;
    events: EventsPort;
  }) {
    this.em = deps.em;
    this.publisher = deps.ticketsPublisher;
    this.settings = deps.settings;
    this.automatic = deps;
  }

  async list(
    actor: AuthUser,
    f: TicketListFilters,
  ): Promise<{ tickets: TicketDto[]; count: number; hasMore: boolean }> {
    const access = await loadTicketAccess(this.em, actor.id);
    const commonTerm = f.searchParam ? await this.commonInMessages(actor.companyId, f.searchParam) : false;
    const { sql, params } = ticketListSql(actor.companyId, access, { ...f, commonTerm });
    // A search is planned for its term; the other lists reuse one plan.
    const rows = await (f.searchParam ? plainRows : preparedRows)<TicketRow & { total: string }>(
      this.em,
      sql,
      params,
    );
    const count = rows[0]?.total ?? '0';
    const page = rows.filter((r) => r.id !== null);
    const tickets = toTicketDtos(page.slice(0, TICKET_PAGE_SIZE), { maskNumbers: access.hideNumbers });
    return { tickets, count: Number(count), hasMore: page.length > TICKET_PAGE_SIZE };
  }

  /** One ticket the actor may see; otherwise 404 (never confirm another's ticket exists). */
  async get(actor: AuthUser, where: { id: number } | { uuid: string }): Promise<TicketDto> {
    const access = await loadTicketAccess(this.em, actor.id);
    const ticket = await findTicketDto(this.em, actor.companyId, where, { maskNumbers: access.hideNumbers });
    if (!ticket || !canSeeTicket(access, ticket)) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    return ticket;
  }

  async canSee(actor: AuthUser | TicketAccess, ticket: TicketAudience): Promise<boolean> {
    const access = 'companyId' in actor ? await loadTicketAccess(this.em, actor.id) : actor;
    return canSeeTicket(access, ticket);
  }

  /** New ticket for a contact (spec "New ticket"); an existing non-closed one answers ERR_OTHER_OPEN_TICKET with it. */
  async create(
    actor: AuthUser,
    input: { contactId: number; queueId?: number | null; whatsappId?: number | null; status: string },
  ) {
    const existing = await this.em.findOne(Ticket, { contactId: input.contactId, status: { $ne: 'closed' } });
    if (existing) {
      const ticket = await findTicketDto(
        this.em,
        actor.companyId,
        { id: existing.id },
        { maskNumbers: await this.masks(actor) },
      );
      throw new AppError('ERR_OTHER_OPEN_TICKET', 409, { ticket });
    }
    const contact = await this.em
      .getConnection()
      .execute<{ id: number; channel: string; is_group: boolean }[]>(
        'select id, channel, is_group from contacts where company_id = ? and id = ?',
        [actor.companyId, input.contactId],
      );
    if (!contact[0]) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    await this.assertOwned('queues', input.queueId, actor.companyId);
    await this.assertOwned('whatsapps', input.whatsappId, actor.companyId);
    const ticket = this.em.create(Ticket, {
      companyId: actor.companyId,
      contactId: input.contactId,
      whatsappId: input.whatsappId ?? null,
      queueId: input.queueId ?? null,
      channel: contact[0].channel,
      isGroup: contact[0].is_group,
      status: input.status,
      userId: input.status === 'open' ? actor.id : null,
    });
    await this.em.flush().catch((err: unknown) => {
      throw String(err).includes('tickets_one_open_per_contact')
        ? new AppError('ERR_OTHER_OPEN_TICKET', 409)
        : err;
    });
    await this.log(ticket.id, 'create', actor.id, ticket.queueId ?? null);
    if (ticket.status === 'open') await this.log(ticket.id, 'open', actor.id, ticket.queueId ?? null);
    return (await this.publisher.ticketUpdated(actor.companyId, ticket.id)) as TicketDto;
  }

  /**
   * One transition of the spec's table. Accepting a ticket someone else already took answers that ticket unchanged
   * (the UI shows who has it). Closing with requiredTag on and an untagged contact is refused.
   */
  async update(actor: AuthUser, id: number, input: TicketUpdateInput): Promise<TicketDto> {
    const ticket = await this.em.findOne(Ticket, { id });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const before: TicketAudience = {
      userId: ticket.userId ?? null,
      queueId: ticket.queueId ?? null,
      isGroup: ticket.isGroup,
    };
    if (
      input.status === 'open' &&
      ticket.status === 'open' &&
      ticket.userId &&
      ticket.userId !== actor.id &&
      input.userId === actor.id
    ) {
      return this.takenByAnother(actor, id, before);
    }
    if (!(await this.canSee(actor, before))) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const { companyId } = actor;
    if (input.queueId !== undefined) await this.assertOwned('queues', input.queueId, companyId);
    if (input.userId) await this.assertOwned('users', input.userId, companyId);

    if (input.status === 'closed') {
      if (
        (await this.settings.isEnabled(companyId, 'requiredTag')) &&
        !(await this.contactHasTags(ticket.contactId))
      ) {
        throw new AppError('ERR_TAG_REQUIRED', 400);
      }
      if (input.sendFarewellMessage) await farewellOnClose(this.automatic, ticket, actor.id);
      if (ticket.status === 'pending') ticket.amountUsedBotQueues = 0;
      ticket.status = 'closed';
      ticket.unreadMessages = 0;
      await this.em.flush();
      await this.log(id, 'closed', actor.id, ticket.queueId ?? null);
      return this.done(actor, id, before);
    }

    const previousUser = ticket.userId ?? null;
    const previousStatus = ticket.status;
    if (input.queueId !== undefined) ticket.queueId = input.queueId;
    if (input.userId !== undefined) ticket.userId = input.userId;
    if (input.useIntegration !== undefined) ticket.useIntegration = input.useIntegration;
    if (input.amountUsedBotQueues !== undefined) ticket.amountUsedBotQueues = input.amountUsedBotQueues;
    if (input.status === 'pending') {
      // Return to queue, or transfer to a queue only: nobody owns it any more.
      ticket.status = 'pending';
      ticket.userId = null;
    } else if (input.status === 'open' || input.status === 'group') {
      ticket.status = ticket.isGroup ? 'group' : 'open';
      ticket.userId = input.userId ?? ticket.userId ?? actor.id;
      ticket.unreadMessages = 0;
    }
    await this.em.flush().catch((err: unknown) => {
      // Reopening while the contact already has another open ticket on this connection.
      if (String(err).includes('tickets_one_open_per_contact'))
        throw new AppError('ERR_OTHER_OPEN_TICKET', 409);
      throw err;
    });
    await this.logTransition(actor, ticket, previousStatus, previousUser, input);
    if (previousStatus === 'pending' && (ticket.status === 'open' || ticket.status === 'group')) {
      await greetOnAccept(this.automatic, ticket, ticket.userId ?? actor.id);
    }
    return this.done(actor, id, before);
  }

  /**
   * Accept lost the race: someone else took the ticket meanwhile. It answers unchanged so the UI names who has it
   * (spec part 1 §4 Accept), to anyone who could take it while it waited (unassigned, in their queues or in none), even
   * though it is no longer theirs to see; to anyone else it does not exist.
   */
  private async takenByAnother(actor: AuthUser, id: number, before: TicketAudience): Promise<TicketDto> {
    const access = await loadTicketAccess(this.em, actor.id);
    const ticket = canSeeTicket(access, { ...before, userId: null })
      ? await findTicketDto(this.em, actor.companyId, { id }, { maskNumbers: access.hideNumbers })
      : null;
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    return ticket;
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    if (actor.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
    const ticket = await this.em.findOne(Ticket, { id });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    await this.em.remove(ticket).flush();
    await this.publisher.ticketDeleted(actor.companyId, {
      id,
      userId: ticket.userId ?? null,
      queueId: ticket.queueId ?? null,
      isGroup: ticket.isGroup,
    });
  }

  /** Admin: closes every ticket of a status (optionally only in some queues). */
  async closeAll(actor: AuthUser, status: string, queueIds: number[]): Promise<number> {
    if (actor.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
    const where = { status, ...(queueIds.length ? { queueId: { $in: queueIds } } : {}) };
    const tickets = await this.em.find(Ticket, where, { fields: ['id'] });
    for (const t of tickets) await this.update(actor, t.id, { status: 'closed' });
    return tickets.length;
  }

  async logs(actor: AuthUser, id: number): Promise<TicketLogDto[]> {
    await this.get(actor, { id });
    const rows = await this.em.getConnection().execute<
      {
        id: number;
        type: string;
        created_at: Date;
        user_id: number | null;
        user_name: string | null;
        queue_id: number | null;
        queue_name: string | null;
        queue_color: string | null;
      }[]
    >(
      `select l.id, l.type, l.created_at, l.user_id, u.name as user_name, l.queue_id, q.name as queue_name, q.color as queue_color
         from ticket_logs l left join users u on u.id = l.user_id left join queues q on q.id = l.queue_id
        where l.company_id = ? and l.ticket_id = ? order by l.created_at, l.id`,
      [actor.companyId, id],
    );
    return rows.map((r) => ({
      id: r.id,
      type: r.type as TicketLogType,
      user: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
      queue: r.queue_id ? { id: r.queue_id, name: r.queue_name ?? '', color: r.queue_color ?? '' } : null,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  private async done(actor: AuthUser, id: number, before: TicketAudience): Promise<TicketDto> {
    await this.publisher.ticketUpdated(actor.companyId, id, before);
    const ticket = await findTicketDto(
      this.em,
      actor.companyId,
      { id },
      { maskNumbers: await this.masks(actor) },
    );
    return ticket as TicketDto;
  }

  private async logTransition(
    actor: AuthUser,
    t: { id: number; status: string; userId?: number | null; queueId?: number | null },
    previousStatus: string,
    previousUser: number | null,
    input: TicketUpdateInput,
  ): Promise<void> {
    const queueId = t.queueId ?? null;
    if (input.userId && previousUser && input.userId !== previousUser) {
      await this.log(t.id, 'transfered', previousUser, queueId);
      await this.log(t.id, 'receivedTransfer', input.userId, queueId);
    } else if (t.status === 'pending' && previousStatus !== 'pending') {
      await this.log(t.id, input.queueId !== undefined ? 'queue' : 'pending', actor.id, queueId);
    } else if ((t.status === 'open' || t.status === 'group') && previousStatus === 'closed') {
      await this.log(t.id, 'reopen', actor.id, queueId);
    } else if ((t.status === 'open' || t.status === 'group') && previousStatus === 'pending') {
      await this.log(t.id, 'open', t.userId ?? actor.id, queueId);
    } else if (input.queueId !== undefined) {
      await this.log(t.id, 'queue', actor.id, queueId);
    }
  }

  private async log(
    ticketId: number,
    type: TicketLogType,
    userId: number | null,
    queueId: number | null,
  ): Promise<void> {
    const ticket = await this.em.findOneOrFail(Ticket, { id: ticketId }, { fields: ['companyId'] });
    this.em.create(TicketLog, { companyId: ticket.companyId, ticketId, type, userId, queueId });
    await this.em.flush();
  }

  private async contactHasTags(contactId: number): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute('select 1 from contact_tags where contact_id = ? limit 1', [contactId]);
    return rows.length > 0;
  }

  /**
   * Whether the planner expects a term in more than COMMON_TERM_MESSAGES messages (its trigram statistics, read by
   * EXPLAIN without running anything): then the list is walked in order rather than built from every hit.
   */
  private async commonInMessages(companyId: number, searchParam: string): Promise<boolean> {
    const [row] = await plainRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      this.em,
      'explain (format json) select 1 from messages m where m.company_id = ? and m.body ilike ?',
      [companyId, `%${likeTerm(searchParam)}%`],
    );
    return (row?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0) > COMMON_TERM_MESSAGES;
  }

  /** The LGPD rule for the actor, as their access carries it (one definition: loadTicketAccess). */
  private async masks(actor: AuthUser): Promise<boolean> {
    return (await loadTicketAccess(this.em, actor.id)).hideNumbers;
  }

  private async assertOwned(
    table: 'queues' | 'whatsapps' | 'users',
    id: number | null | undefined,
    companyId: number,
  ) {
    if (!id) return;
    const rows = await this.em
      .getConnection()
      .execute(`select 1 from ${table} where id = ? and company_id = ?`, [id, companyId]);
    if (!rows.length) {
      const path = { queues: 'queueId', whatsapps: 'whatsappId', users: 'userId' }[table];
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path, message: 'Unknown' }] });
    }
  }
}
