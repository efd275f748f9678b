import {
  AppError,
  type AuthUser,
  PG_INT_MAX,
  type TicketActor,
  type TicketDto,
  type TicketQuery,
  type TicketsPort,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRows } from '../../db/prepared.js';
import { User } from '../users/user.entity.js';
import { pluginActor, type TicketActorUser } from './ticket-actor.js';
import { findTicketDto, TICKET_SELECT, type TicketRow, toTicketDtos } from './ticket-queries.js';
import type { TicketTags } from './ticket-tags.js';
import type { TicketsService } from './tickets-service.js';

const LIST_MAX = 500;

/** A user of the company as the actor of a transition a plugin asks for (their permissions apply). */
/** A plugin's argument is as hostile as a request's: only an integer in int4 range can name a row. */
const isId = (id: unknown): id is number =>
  Number.isInteger(id) && (id as number) >= 1 && (id as number) <= PG_INT_MAX;

/** The ticket id a transition names, or 404 before anything is read. */
function ticketId(id: unknown): number {
  if (!isId(id)) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  return id;
}

async function actorOf(em: EntityManager, companyId: number, userId: unknown): Promise<AuthUser> {
  if (!isId(userId)) throw new AppError('ERR_NO_USER_FOUND', 404);
  const user = await em.findOne(User, { id: userId, companyId });
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
  return {
    id: user.id,
    companyId,
    profile: user.profile as AuthUser['profile'],
    super: false,
    sessionId: 'plugin',
  };
}

/**
 * The port's ticket list (newest first, `TicketQuery`'s filters) of a company; `visible` narrows it to what a viewer
 * may see (visibleTicketSql, alias t), `maskNumbers` masks the contacts' numbers for them.
 */
export async function listTickets(
  em: EntityManager,
  companyId: number,
  q: TicketQuery,
  opts: { visible?: { sql: string; params: unknown[] }; maskNumbers: boolean },
): Promise<TicketDto[]> {
  const where = ['t.company_id = ?'];
  const params: unknown[] = [companyId];
  const eq = (column: string, value: number | string | null | undefined) => {
    if (value === undefined) return;
    if (value === null) where.push(`${column} is null`);
    else {
      where.push(`${column} = ?`);
      params.push(value);
    }
  };
  eq('t.status', q.status);
  eq('t.queue_id', q.queueId);
  eq('t.user_id', q.userId);
  eq('t.contact_id', q.contactId);
  if (q.tagId !== undefined) {
    where.push('t.tag_ids @> array[?]::int[]');
    params.push(q.tagId);
  }
  if (q.beforeId !== undefined) {
    where.push('t.id < ?');
    params.push(q.beforeId);
  }
  if (opts.visible) {
    where.push(opts.visible.sql);
    params.push(...opts.visible.params);
  }
  const limit = Math.min(Math.max(1, Math.trunc(q.limit ?? 100)), LIST_MAX);
  const rows = await plainRows<TicketRow>(
    em,
    `${TICKET_SELECT} where ${where.join(' and ')} order by t.id desc limit ${limit}`,
    params,
  );
  return toTicketDtos(rows, { maskNumbers: opts.maskNumbers });
}

/**
 * TicketsPort for one company and the plugin it serves (sdk domain-ports.ts): reads in SQL, transitions through
 * TicketsService, as a user of the company or as the plugin (`'plugin'`: the log names `plugin`).
 */
export class CompanyTicketsPort implements TicketsPort {
  constructor(
    private readonly em: EntityManager,
    private readonly companyId: number,
    private readonly service: TicketsService,
    private readonly plugin: string,
    private readonly tags: TicketTags,
  ) {}

  async find(id: number): Promise<TicketDto | null> {
    if (!isId(id)) return null;
    return findTicketDto(this.em, this.companyId, { id }, { maskNumbers: false });
  }

  list(q: TicketQuery): Promise<TicketDto[]> {
    return listTickets(this.em, this.companyId, q, { maskNumbers: false });
  }

  async create(
    input: {
      contactId: number;
      status: 'open' | 'pending';
      whatsappId?: number | null;
      queueId?: number | null;
      userId?: number | null;
    },
    by: TicketActor,
  ): Promise<TicketDto> {
    // A plugin is not the New ticket dialog: a queue is not required of it.
    return this.service.create(await this.actor(by), input, { queueRequired: false });
  }

  async accept(id: number, byUserId: number): Promise<TicketDto> {
    const actor = await this.actor(byUserId);
    if (actor.plugin) throw new AppError('ERR_NO_USER_FOUND', 404);
    return this.service.update(actor, ticketId(id), { status: 'open', userId: byUserId });
  }

  async transfer(
    id: number,
    to: { queueId?: number | null; userId?: number | null },
    by: TicketActor,
  ): Promise<TicketDto> {
    const toUser = to.userId != null;
    return this.service.update(await this.actor(by), ticketId(id), {
      status: toUser ? 'open' : 'pending',
      ...(to.queueId !== undefined ? { queueId: to.queueId } : {}),
      ...(toUser ? { userId: to.userId, isTransfered: true } : {}),
    });
  }

  async close(id: number, opts: { byUserId: TicketActor; farewell?: boolean }): Promise<TicketDto> {
    return this.service.update(await this.actor(opts.byUserId), ticketId(id), {
      status: 'closed',
      sendFarewellMessage: opts.farewell ?? false,
    });
  }

  async reopen(id: number, by: TicketActor): Promise<TicketDto> {
    const actor = await this.actor(by);
    // A user reopens it for themselves; the plugin for nobody (pending in its queue, TicketsService.move).
    return this.service.update(
      actor,
      ticketId(id),
      actor.plugin ? { status: 'open' } : { status: 'open', userId: by as number },
    );
  }

  /** The transition's actor: the plugin this port serves, or a user of the company (their permissions apply). */
  private actor(by: TicketActor): Promise<TicketActorUser> {
    if (by === 'plugin') return Promise.resolve(pluginActor(this.companyId, this.plugin));
    return actorOf(this.em, this.companyId, by);
  }

  setTags(ticketId: number, tagIds: number[]): Promise<TicketDto> {
    return this.tags.set(this.companyId, ticketId, tagIds);
  }

  addTag(ticketId: number, tagId: number): Promise<TicketDto> {
    return this.tags.add(this.companyId, ticketId, tagId);
  }

  removeTag(ticketId: number, tagId: number): Promise<TicketDto> {
    return this.tags.remove(this.companyId, ticketId, tagId);
  }

  moveToLane(ticketId: number, laneId: number | null): Promise<TicketDto> {
    return this.tags.moveToLane(this.companyId, ticketId, laneId);
  }
}
