import type {
  DashboardAttendant,
  DashboardCounters,
  DashboardDto,
  DashboardPeriod,
  TicketsDayDto,
  TicketsUsersDto,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  FIGURES_SQL,
  FOLD_LIVE_SQL,
  FOLD_SQL,
  TICKETS_PER_DAY_SQL,
  TICKETS_PER_HOUR_SQL,
  TICKETS_USERS_SQL,
} from './dashboard-sql.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    dashboard: DashboardService;
  }
}

// Counts and averages come back from PostgreSQL as bigint and numeric text.
type Num = string | number;
const n = (v: Num | null): number => (v == null ? 0 : Number(v));

/** A row of FIGURES_SQL: an attendant ('user') or the counters ('total'). */
interface FiguresRow {
  kind: 'user' | 'total';
  id: number;
  name: string;
  online: boolean;
  tickets: Num;
  avg_wait: Num;
  avg_support: Num;
  rating: Num | null;
  with_rating: Num;
  finished: Num;
  wait_rating: Num;
  without_rating: Num;
  perc_rating: Num;
  promoters_perc: Num;
  passives_perc: Num;
  detractors_perc: Num;
  nps_score: Num;
  happening: Num;
  pending: Num;
}

/**
 * The admin dashboard's figures for one company and period (spec part 1 §8; definitions in docs/dashboard.md),
 * each computed by PostgreSQL in a few aggregate queries (dashboard-sql.ts) over the daily rollups.
 */
export class DashboardService {
  private readonly em: EntityManager;

  constructor({ em }: { em: EntityManager }) {
    this.em = em;
  }

  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  async figures(companyId: number, p: DashboardPeriod): Promise<DashboardDto> {
    const rows = await this.run<FiguresRow>(FIGURES_SQL, [
      companyId,
      p.from,
      p.to,
      companyId,
      companyId,
      companyId,
    ]);
    const c = rows.find((r) => r.kind === 'total') as FiguresRow;
    const counters: DashboardCounters = {
      supportHappening: n(c.happening),
      supportPending: n(c.pending),
      supportFinished: n(c.finished),
      avgSupportTime: n(c.avg_support),
      avgWaitTime: n(c.avg_wait),
      npsPromotersPerc: n(c.promoters_perc),
      npsDetractorsPerc: n(c.detractors_perc),
      npsPassivePerc: n(c.passives_perc),
      npsScore: n(c.nps_score),
      tickets: n(c.tickets),
      waitRating: n(c.wait_rating),
      withoutRating: n(c.without_rating),
      withRating: n(c.with_rating),
      percRating: n(c.perc_rating),
    };
    const attendants: DashboardAttendant[] = rows
      .filter((r) => r.kind === 'user')
      .map((r) => ({
        id: r.id,
        name: r.name,
        rating: r.rating == null ? null : Number(r.rating),
        countRating: n(r.with_rating),
        tickets: n(r.tickets),
        avgWaitTime: n(r.avg_wait),
        avgSupportTime: n(r.avg_support),
        online: r.online,
      }));
    return { counters, attendants };
  }

  async ticketsUsers(companyId: number, p: DashboardPeriod): Promise<TicketsUsersDto> {
    const rows = await this.run<{ name: string; quantity: Num }>(TICKETS_USERS_SQL, [
      companyId,
      p.from,
      p.to,
    ]);
    return { data: rows.map((r) => ({ name: r.name, quantity: n(r.quantity) })) };
  }

  /** Per day over the period; per hour when the period is a single day. */
  async ticketsDay(companyId: number, p: DashboardPeriod): Promise<TicketsDayDto> {
    const period = [companyId, p.from, p.to];
    if (p.from === p.to) {
      const rows = await this.run<{ hour: string; total: Num }>(TICKETS_PER_HOUR_SQL, period);
      const data = rows.map((r) => ({ hour: r.hour, total: n(r.total) }));
      return { data, count: data.reduce((sum, r) => sum + r.total, 0) };
    }
    const rows = await this.run<{ date: string; total: Num }>(TICKETS_PER_DAY_SQL, [...period, p.from, p.to]);
    const data = rows.map((r) => ({ date: r.date, total: n(r.total) }));
    return { data, count: data.reduce((sum, r) => sum + r.total, 0) };
  }

  /**
   * Folds the company's pending deltas into its daily rows and its live counts (the job dashboard:fold); answers stay
   * the same.
   */
  async fold(companyId: number): Promise<void> {
    await this.run(FOLD_SQL, [companyId]);
    await this.run(FOLD_LIVE_SQL, [companyId]);
  }
}
