import { type AuthUser, MOMENTS_WINDOW_DAYS, type TicketDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { localDaysWhere } from '../../db/local-days.js';
import { TICKET_SELECT, type TicketRow, toTicketDtos } from '../tickets/ticket-queries.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    moments: MomentsService;
  }
}

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
    const days = localDaysWhere('t.updated_at', f.dateStart, f.dateEnd);
    where.push(...days.where);
    params.push(...days.params);
    if (!f.dateStart) where.push(`t.updated_at >= now() - interval '${MOMENTS_WINDOW_DAYS} days'`);
    const rows = await this.em
      .getConnection()
      .execute<TicketRow[]>(
        `${TICKET_SELECT} where ${where.join(' and ')} order by t.updated_at desc, t.id desc`,
        params,
      );
    return toTicketDtos(rows, { maskNumbers: false });
  }
}
