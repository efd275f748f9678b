import { type AuthUser, MOMENTS_WINDOW_DAYS, type TicketDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TICKET_SELECT, type TicketRow, toTicketDtos } from '../tickets/ticket-queries.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    moments: MomentsService;
  }
}

// Day boundaries of the date filters are the company's days, as in the contacts filters.
const COMPANY_TIMEZONE = 'America/Sao_Paulo';

export interface MomentsFilter {
  status?: 'open' | 'pending';
  queueIds: number[];
  userId?: number;
  dateStart?: string;
  dateEnd?: string;
}

/**
 * The real-time panel (/moments): the company's open and pending tickets touched inside the window (by default the
 * last 30 days), newest first, each with contact, user and queue. Admin only, so numbers are never masked here.
 */
export class MomentsService {
  private readonly em: EntityManager;

  constructor({ em }: { em: EntityManager }) {
    this.em = em;
  }

  async tickets(viewer: AuthUser, f: MomentsFilter): Promise<TicketDto[]> {
    const where = ['t.company_id = ?', "t.status in ('open', 'pending')"];
    const params: unknown[] = [viewer.companyId];
    if (f.status) where.push('t.status = ?') && params.push(f.status);
    if (f.queueIds.length) {
      where.push(`t.queue_id in (${f.queueIds.map(() => '?').join(',')})`);
      params.push(...f.queueIds);
    }
    if (f.userId) where.push('t.user_id = ?') && params.push(f.userId);
    if (f.dateStart) {
      where.push(`t.updated_at >= (?::date)::timestamp at time zone '${COMPANY_TIMEZONE}'`);
      params.push(f.dateStart);
    } else {
      where.push(`t.updated_at >= now() - interval '${MOMENTS_WINDOW_DAYS} days'`);
    }
    if (f.dateEnd) {
      where.push(`t.updated_at < (?::date + 1)::timestamp at time zone '${COMPANY_TIMEZONE}'`);
      params.push(f.dateEnd);
    }
    const rows = await this.em
      .getConnection()
      .execute<TicketRow[]>(
        `${TICKET_SELECT} where ${where.join(' and ')} order by t.updated_at desc, t.id desc`,
        params,
      );
    return toTicketDtos(this.em, rows, { maskNumbers: false });
  }
}
