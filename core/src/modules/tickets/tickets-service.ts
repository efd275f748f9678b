import {
  AppError,
  type AuthUser,
  type CloseAllResult,
  type EventsPort,
  type OtherOpenTicketRef,
  type SettingsPort,
  type TicketAudience,
  type TicketDto,
  type TicketLogDto,
  type TicketUpdateInput,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';
import type { Cradle } from '../../kernel/container.js';
import { assertConnectionOffered } from '../connections/channel-plan.js';
import { connectionForTicket } from '../connections/connection-reach.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import { type AutomaticDeps, farewellOnClose } from './automatic-messages.js';
import { searchShape } from './search-shape.js';
import { type ITicket, Ticket } from './ticket.entity.js';
import { byActor, ownerOfNew, PLUGIN_ACCESS, type TicketActorUser, userOf } from './ticket-actor.js';
import { emitTransition } from './ticket-events.js';
import { TICKET_PAGE_SIZE, type TicketListFilters, ticketListSql } from './ticket-list-sql.js';
import { readTicketLogs, recordAccess, writeTicketLogs } from './ticket-logs.js';
import { assertOwned, contactHasTags } from './ticket-lookups.js';
import { findTicketDto, type TicketRow, toTicketDtos } from './ticket-queries.js';
import type { TicketTagSizes } from './ticket-tag-sizes.js';
import { applyTracking } from './ticket-tracking.js';
import {
  assertOwnQueue,
  assertQueueChosen,
  classifyTransition,
  type TicketState,
  type TransitionKind,
  transitionLogs,
} from './ticket-transitions.js';
import type { TicketsPublisher } from './tickets-publisher.js';
import { canSeeTicket, loadTicketAccess, type TicketAccess, type ViewerAccess } from './visibility.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    tickets: TicketsService;
    ticketsPublisher: TicketsPublisher;
    ticketTagSizes: TicketTagSizes;
  }
}

/** Tickets of the current company: visibility, lists, and the transitions of spec part 1 §4. */
export class TicketsService {
  private readonly em: EntityManager;
  private readonly settings: SettingsPort;
  private readonly automatic: AutomaticDeps;
  private readonly events: EventsPort;
  private readonly tagSizes: TicketTagSizes;
  private readonly channels: ChannelRegistry;

  /** The request's scope, handed to the close steps (close-steps.ts). */
  private readonly scope: Cradle;

  constructor(deps: Cradle) {
    this.scope = deps;
    this.em = deps.em;
    this.channels = deps.channels;
    this.settings = deps.settings;
    this.events = deps.events;
    this.automatic = deps;
    this.tagSizes = deps.ticketTagSizes;
  }

  async list(
    actor: AuthUser,
    f: TicketListFilters,
  ): Promise<{ tickets: TicketDto[]; count: number; hasMore: boolean }> {
    const access = await loadTicketAccess(this.em, actor.id);
    const shape = f.searchParam ? await searchShape(this.em, actor.companyId, access, f) : {};
    const fewTagged = f.tagIds.length ? await this.tagSizes.fewTagged(actor.companyId, f.tagIds) : false;
    const { sql, params } = ticketListSql(actor.companyId, access, { ...f, ...shape, fewTagged });
    // Every list, searches too, runs on one generic plan per statement text: a search's read is chosen by its shape
    // (the statement's text differs per shape), and planning each term anew cost 2.5–3.5 ms of database CPU.
    const rows = await preparedRows<TicketRow & { total: string }>(this.em, sql, params);
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

  /** The conversation screen's read: the ticket, and an 'access' log entry (at most one per user per few minutes). */
  async open(actor: AuthUser, uuid: string): Promise<TicketDto> {
    const ticket = await this.get(actor, { uuid });
    await recordAccess(this.em, {
      companyId: actor.companyId,
      ticketId: ticket.id,
      userId: actor.id,
      queueId: ticket.queueId,
    });
    return ticket;
  }

  async canSee(actor: TicketActorUser | TicketAccess, ticket: TicketAudience): Promise<boolean> {
    const access = 'companyId' in actor ? await this.accessOf(actor) : actor;
    return canSeeTicket(access, ticket);
  }

  /**
   * New ticket for a contact on a connection (spec "New ticket"). An existing non-closed one of that contact on that
   * connection answers ERR_OTHER_OPEN_TICKET with it (the database allows one per contact and connection). An open
   * ticket belongs to the payload's user: admins may open one for any attendant, others only for themselves, and only
   * in a queue (spec §5 'Selecione uma fila'; `queueRequired: false` for a ticket that is not the New-ticket dialog's).
   */
  async create(
    actor: TicketActorUser,
    input: {
      contactId: number;
      queueId?: number | null;
      whatsappId?: number | null;
      userId?: number | null;
      status: string;
    },
    opts: { queueRequired?: boolean } = {},
  ) {
    const contact = await this.em
      .getConnection()
      .execute<{ id: number; channel: string; is_group: boolean }[]>(
        'select id, channel, is_group from contacts where company_id = ? and id = ?',
        [actor.companyId, input.contactId],
      );
    if (!contact[0]) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    await assertOwned(this.em, 'whatsapps', input.whatsappId, actor.companyId);
    // Only a connection that reaches the contact; without one, the default (peers' GetDefaultWhatsApp) when it does.
    const whatsappId = await connectionForTicket(
      this.em,
      this.channels,
      actor.companyId,
      input.contactId,
      input.whatsappId,
    );
    // No new conversation on a connection whose channel the plan no longer offers (a downgrade).
    await assertConnectionOffered(this.scope, actor.companyId, whatsappId);
    const existing = await this.em.findOne(Ticket, {
      contactId: input.contactId,
      whatsappId,
      status: { $ne: 'closed' },
    });
    if (existing) throw await this.otherOpenTicket(actor, existing.id);
    if (opts.queueRequired !== false) assertQueueChosen(actor, input.queueId);
    assertOwnQueue(
      { profile: actor.profile, queueIds: (await this.accessOf(actor)).queueIds },
      input.queueId,
    );
    await assertOwned(this.em, 'queues', input.queueId, actor.companyId);
    const userId = await ownerOfNew(this.em, actor, input);
    const ticket = this.em.create(Ticket, {
      companyId: actor.companyId,
      contactId: input.contactId,
      whatsappId,
      queueId: input.queueId ?? null,
      channel: contact[0].channel,
      isGroup: contact[0].is_group,
      status: input.status,
      userId,
    });
    await this.em.flush().catch((err: unknown) => {
      throw String(err).includes('tickets_one_open_per_contact')
        ? new AppError('ERR_OTHER_OPEN_TICKET', 409)
        : err;
    });
    await writeTicketLogs(
      this.em,
      ticket,
      byActor(actor, [
        { type: 'create', userId: actor.id },
        ...(userId ? [{ type: 'open' as const, userId }] : []),
      ]),
    );
    await this.events.emit('ticket.created', { companyId: actor.companyId, ticketId: ticket.id });
    // Shown to everyone who may see it (ticket.updated's subscribers), answered as the actor may see it (LGPD).
    await this.events.emit('ticket.updated', { companyId: actor.companyId, ticketId: ticket.id });
    return this.done(actor, ticket.id);
  }

  /** ERR_OTHER_OPEN_TICKET: that one exists, and which one (who has it, which queue) only to who may see it. */
  private async otherOpenTicket(actor: TicketActorUser, id: number): Promise<AppError> {
    const dto = await findTicketDto(this.em, actor.companyId, { id }, { maskNumbers: true });
    if (!dto || !(await this.canSee(actor, dto))) return new AppError('ERR_OTHER_OPEN_TICKET', 409);
    const { uuid, status, userId, user, queueId, queue } = dto;
    const ticket: OtherOpenTicketRef = { id, uuid, status, userId, user, queueId, queue };
    return new AppError('ERR_OTHER_OPEN_TICKET', 409, { ticket });
  }

  /**
   * One transition of the spec's table (rules in ticket-transitions.ts). Accepting a ticket someone else already took
   * answers that ticket unchanged (the UI shows who has it). Closing an open ticket with requiredTag on and an
   * untagged contact is refused; ignoring a pending one is not (the spec puts the tag on Close only).
   */
  async update(actor: TicketActorUser, id: number, input: TicketUpdateInput): Promise<TicketDto> {
    const ticket = await this.em.findOne(Ticket, { id });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const before = stateOf(ticket);
    const audience: TicketAudience = {
      userId: before.userId,
      queueId: before.queueId,
      isGroup: ticket.isGroup,
    };
    const access = await this.accessOf(actor);
    const visible = canSeeTicket(access, audience);
    // Accept that lost the race answers the ticket unchanged so the UI names who has it (spec part 1 §4 Accept), also
    // to one who no longer sees it but could take it while it waited (unassigned, in their queues or in none).
    if (!visible && !canSeeTicket(access, { ...audience, userId: null }))
      throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const kind = (() => {
      try {
        return classifyTransition(before, input, { id: actor.id, isAdmin: access.isAdmin });
      } catch (err) {
        if (!visible) throw new AppError('ERR_NO_TICKET_FOUND', 404);
        throw err;
      }
    })();
    if (kind === 'alreadyTaken') {
      return (await findTicketDto(
        this.em,
        actor.companyId,
        { id },
        { maskNumbers: access.hideNumbers },
      )) as TicketDto;
    }
    if (!visible) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    if (kind === 'accept' || kind === 'reopen') {
      assertOwnQueue({ profile: actor.profile, queueIds: access.queueIds }, input.queueId, before.queueId);
    }
    if (input.queueId !== undefined) await assertOwned(this.em, 'queues', input.queueId, actor.companyId);
    if (input.userId) await assertOwned(this.em, 'users', input.userId, actor.companyId);

    if (kind === 'close' || kind === 'ignore') {
      // A close step (the closing rating) kept the ticket: it wrote the ticket's state, log and events itself.
      if (await this.close(actor, ticket, kind, input)) return this.done(actor, id);
    } else await this.move(actor, ticket, kind, input);
    await writeTicketLogs(
      this.em,
      ticket,
      byActor(actor, transitionLogs(kind, before, stateOf(ticket), actor.id)),
    );
    await emitTransition(this.events, ticket, kind, before, stateOf(ticket), userOf(actor));
    return this.done(actor, id);
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    if (actor.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
    const ticket = await this.em.findOne(Ticket, { id });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const was = { userId: ticket.userId ?? null, queueId: ticket.queueId ?? null, isGroup: ticket.isGroup };
    await this.em.remove(ticket).flush();
    await this.events.emit('ticket.deleted', { companyId: actor.companyId, ticketId: id, was });
  }

  /**
   * Admin: closes every ticket of a status (optionally only in some queues), without farewell. Tickets whose contact
   * lacks the tag requiredTag asks for stay open and are reported; one closed meanwhile by someone else is passed over.
   */
  async closeAll(actor: AuthUser, status: string, queueIds: number[]): Promise<CloseAllResult> {
    if (actor.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
    // Plain ids: each close then reads its ticket afresh.
    const rows = await this.em
      .getConnection()
      .execute<{ id: number }[]>(
        `select id from tickets where company_id = ? and status = ?${queueIds.length ? ' and queue_id in (?)' : ''} order by id`,
        [actor.companyId, status, ...(queueIds.length ? [queueIds] : [])],
      );
    const result: CloseAllResult = { closed: 0, skipped: [] };
    for (const { id } of rows) {
      try {
        await this.update(actor, id, { status: 'closed' });
        result.closed += 1;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 'ERR_TAG_REQUIRED') result.skipped.push({ id, error: err.code });
        else if (err.code !== 'ERR_INVALID_TICKET_TRANSITION') throw err;
      }
    }
    return result;
  }

  async logs(actor: AuthUser, id: number): Promise<TicketLogDto[]> {
    await this.get(actor, { id });
    return readTicketLogs(this.em, actor.companyId, id);
  }

  private async done(actor: TicketActorUser, id: number): Promise<TicketDto> {
    const ticket = await findTicketDto(
      this.em,
      actor.companyId,
      { id },
      { maskNumbers: await this.hidesNumbers(actor) },
    );
    return ticket as TicketDto;
  }

  /**
   * Close (open, group, or waiting for its rating) or Ignore (pending): the tag rule applies to Close only; with the
   * farewell asked, a close step may keep the ticket instead (true: nothing else to do), else the farewell is sent.
   * Closing a ticket that waits for its rating drops the rating it waited for.
   */
  private async close(
    actor: TicketActorUser,
    ticket: ITicket,
    kind: 'close' | 'ignore',
    input: TicketUpdateInput,
  ): Promise<boolean> {
    if (
      kind === 'close' &&
      (await this.settings.isEnabled(actor.companyId, 'requiredTag')) &&
      !(await contactHasTags(this.em, ticket.contactId))
    ) {
      throw new AppError('ERR_TAG_REQUIRED', 400);
    }
    const steps = this.scope.closeSteps;
    if (
      kind === 'close' &&
      input.sendFarewellMessage &&
      !actor.plugin && // the closing rating asks about an attendant's service, not a plugin's
      (await steps.insteadOfClose(this.scope, ticket, actor.id))
    )
      return true;
    if (input.sendFarewellMessage) await farewellOnClose(this.automatic, ticket, userOf(actor));
    if (kind === 'ignore') ticket.amountUsedBotQueues = 0;
    if (ticket.status === 'nps') await this.scope.ticketRatings.withdraw(ticket.companyId, ticket.id);
    else applyTracking(ticket, kind);
    ticket.status = 'closed';
    ticket.unreadMessages = 0;
    ticket.ratingAskedAt = null;
    ticket.amountUsedBotQueuesNps = 0;
    ticket.lgpdSendMessageAt = null;
    await this.em.flush();
    return false;
  }

  /** Every other row: accept, reopen, return to queue, transfers, and plain field edits. */
  private async move(
    actor: TicketActorUser,
    ticket: ITicket,
    kind: TransitionKind,
    input: TicketUpdateInput,
  ): Promise<void> {
    if (input.queueId !== undefined) ticket.queueId = input.queueId;
    if (input.userId !== undefined) ticket.userId = input.userId;
    if (input.useIntegration !== undefined) ticket.useIntegration = input.useIntegration;
    if (input.amountUsedBotQueues !== undefined) ticket.amountUsedBotQueues = input.amountUsedBotQueues;
    if (kind !== 'edit') {
      // A person moved it: it is with humans now, and no bot engine takes it again (modules/bots).
      ticket.isBot = false;
      ticket.botEngine = null;
      ticket.botHandoffAt ??= new Date();
    }
    if (kind === 'returnToQueue' || kind === 'transferToQueue') {
      // Nobody owns a ticket waiting in a queue.
      ticket.status = 'pending';
      ticket.userId = null;
    } else if (kind === 'reopen' && actor.plugin && input.userId == null) {
      // The plugin reopens a ticket for nobody: it waits in its queue again.
      ticket.status = 'pending';
      ticket.userId = null;
      applyTracking(ticket, 'reopen');
      ticket.startedAt = null;
    } else if (kind === 'accept' || kind === 'reopen' || kind === 'transferToUser') {
      ticket.status = ticket.isGroup ? 'group' : 'open';
      ticket.userId = input.userId ?? actor.id;
      ticket.unreadMessages = 0;
      applyTracking(ticket, kind);
    }
    await this.em.flush().catch((err: unknown) => {
      // Reopening while the contact already has another open ticket on this connection.
      if (String(err).includes('tickets_one_open_per_contact'))
        throw new AppError('ERR_OTHER_OPEN_TICKET', 409);
      throw err;
    });
  }

  /** Whether `actor` sees masked numbers (LGPD, spec part 1 §6), as their access carries it (loadTicketAccess). */
  async hidesNumbers(actor: TicketActorUser): Promise<boolean> {
    return (await this.accessOf(actor)).hideNumbers;
  }

  /** The actor's ticket access: a user's as stored, a plugin's the whole company's. */
  private async accessOf(actor: TicketActorUser): Promise<ViewerAccess> {
    return actor.plugin ? PLUGIN_ACCESS : loadTicketAccess(this.em, actor.id);
  }
}

/** What the transition rules read of a ticket. */
const stateOf = (t: ITicket): TicketState => ({
  status: t.status,
  userId: t.userId ?? null,
  queueId: t.queueId ?? null,
});
