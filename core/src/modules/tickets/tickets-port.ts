import { AppError, type AuthUser, type TicketDto, type TicketQuery, type TicketsPort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRows } from '../../db/prepared.js';
import { User } from '../users/user.entity.js';
import { findTicketDto, TICKET_SELECT, type TicketRow, toTicketDtos } from './ticket-queries.js';
import type { TicketTags } from './ticket-tags.js';
import type { TicketsService } from './tickets-service.js';

const LIST_MAX = 500;

/** A user of the company as the actor of a transition a plugin asks for (their permissions apply). */
async function actorOf(em: EntityManager, companyId: number, userId: number): Promise<AuthUser> {
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

/** TicketsPort for one company (sdk domain-ports.ts): reads in SQL, transitions through TicketsService. */
export class CompanyTicketsPort implements TicketsPort {
  constructor(
    private readonly em: EntityManager,
    private readonly companyId: number,
    private readonly service: TicketsService,
    private readonly tags: TicketTags,
  ) {}

  find(ticketId: number): Promise<TicketDto | null> {
    return findTicketDto(this.em, this.companyId, { id: ticketId }, { maskNumbers: false });
  }

  async list(q: TicketQuery): Promise<TicketDto[]> {
    const where = ['t.company_id = ?'];
    const params: unknown[] = [this.companyId];
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
    const limit = Math.min(Math.max(1, Math.trunc(q.limit ?? 100)), LIST_MAX);
    const rows = await plainRows<TicketRow>(
      this.em,
      `${TICKET_SELECT} where ${where.join(' and ')} order by t.id desc limit ${limit}`,
      params,
    );
    return toTicketDtos(rows, { maskNumbers: false });
  }

  async create(
    input: {
      contactId: number;
      status: 'open' | 'pending';
      whatsappId?: number | null;
      queueId?: number | null;
      userId?: number | null;
    },
    byUserId: number,
  ): Promise<TicketDto> {
    const actor = await actorOf(this.em, this.companyId, byUserId);
    // A plugin is not the New ticket dialog: a queue is not required of it.
    return this.service.create(actor, input, { queueRequired: false });
  }

  async accept(ticketId: number, byUserId: number): Promise<TicketDto> {
    const actor = await actorOf(this.em, this.companyId, byUserId);
    return this.service.update(actor, ticketId, { status: 'open', userId: byUserId });
  }

  async transfer(
    ticketId: number,
    to: { queueId?: number | null; userId?: number | null },
    byUserId: number,
  ): Promise<TicketDto> {
    const actor = await actorOf(this.em, this.companyId, byUserId);
    const toUser = to.userId != null;
    return this.service.update(actor, ticketId, {
      status: toUser ? 'open' : 'pending',
      ...(to.queueId !== undefined ? { queueId: to.queueId } : {}),
      ...(toUser ? { userId: to.userId, isTransfered: true } : {}),
    });
  }

  async close(ticketId: number, opts: { byUserId: number; farewell?: boolean }): Promise<TicketDto> {
    const actor = await actorOf(this.em, this.companyId, opts.byUserId);
    return this.service.update(actor, ticketId, {
      status: 'closed',
      sendFarewellMessage: opts.farewell ?? false,
    });
  }

  async reopen(ticketId: number, byUserId: number): Promise<TicketDto> {
    const actor = await actorOf(this.em, this.companyId, byUserId);
    return this.service.update(actor, ticketId, { status: 'open', userId: byUserId });
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
}
