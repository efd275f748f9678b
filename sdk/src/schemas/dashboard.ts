import { z } from 'zod';
import { companyToday } from '../subscription.js';
import { dateField, idField } from './common.js';

/** The longest period the dashboard answers, in days (both ends included). @example DASHBOARD_MAX_DAYS === 366 */
export const DASHBOARD_MAX_DAYS = 366;

/**
 * The dashboard period's problems, as the messages of the 400 fields they name.
 * @example DASHBOARD_DATE_ERRORS.reversed === 'ERR_DASHBOARD_DATES_REVERSED'
 */
export const DASHBOARD_DATE_ERRORS = {
  reversed: 'ERR_DASHBOARD_DATES_REVERSED',
  tooLong: 'ERR_DASHBOARD_PERIOD_TOO_LONG',
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A dashboard period: calendar days of the company, both included. */
export interface DashboardPeriod {
  from: string;
  to: string;
}

/**
 * The spec's default period (part 1 §9): the first day of this month to today, in the company's calendar.
 * @example defaultDashboardPeriod('2026-11-26') // { from: '2026-11-01', to: '2026-11-26' }
 */
export function defaultDashboardPeriod(today = companyToday()): DashboardPeriod {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * A period's problems (empty when valid): the end before the start, or longer than {@link DASHBOARD_MAX_DAYS}.
 * @example dashboardPeriodIssue({ from: '2026-11-02', to: '2026-11-01' }) // 'ERR_DASHBOARD_DATES_REVERSED'
 */
export function dashboardPeriodIssue(p: DashboardPeriod): string | null {
  const days = dayNumber(p.to) - dayNumber(p.from) + 1;
  if (days < 1) return DASHBOARD_DATE_ERRORS.reversed;
  return days > DASHBOARD_MAX_DAYS ? DASHBOARD_DATE_ERRORS.tooLong : null;
}

/** The period from optional ends and `days` back from today; missing ends come from the default period. */
function resolvePeriod(from: string | undefined, to: string | undefined, days: number | undefined) {
  const today = companyToday();
  const fallback = defaultDashboardPeriod(today);
  if (days !== undefined && !from && !to) return { from: dayOf(dayNumber(today) - days + 1), to: today };
  return { from: from ?? fallback.from, to: to ?? (from && from > fallback.to ? from : fallback.to) };
}

const checked = <T extends object>(
  input: T & DashboardPeriod,
  toField: string,
  ctx: z.RefinementCtx,
): T & DashboardPeriod => {
  const issue = dashboardPeriodIssue(input);
  if (issue) ctx.addIssue({ code: 'custom', path: [toField], message: issue });
  return input;
};

/**
 * `GET /api/dashboard` (spec part 1 §7): the last `days` days, or `date_from`..`date_to` (company days, both
 * included; a missing end takes the default period's), by default this month up to today. Parses to the period.
 * @example dashboardQuery.parse({ date_from: '2026-11-01', date_to: '2026-11-26' }) // { from: '2026-11-01', to: '2026-11-26' }
 */
export const dashboardQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).optional(),
    date_from: dateField.optional(),
    date_to: dateField.optional(),
  })
  .transform((q, ctx) => checked(resolvePeriod(q.date_from, q.date_to, q.days), 'date_to', ctx));

/**
 * `GET /api/dashboard/ticketsUsers` and `/ticketsDay` (spec part 1 §7): `initialDate`..`finalDate` (default this
 * month), and `companyId`, which may only name the caller's own company.
 * @example dashboardChartQuery.parse({ initialDate: '2026-11-05', finalDate: '2026-11-05' })
 */
export const dashboardChartQuery = z
  .object({
    initialDate: dateField.optional(),
    finalDate: dateField.optional(),
    companyId: idField.optional(),
  })
  .transform((q, ctx) =>
    checked(
      { companyId: q.companyId, ...resolvePeriod(q.initialDate, q.finalDate, undefined) },
      'finalDate',
      ctx,
    ),
  );
export type DashboardChartQuery = z.output<typeof dashboardChartQuery>;

/** The dashboard's counters (spec part 1 §8 "Dashboard counters"; definitions in docs/dashboard.md). Times in minutes. */
export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  avgSupportTime: number;
  avgWaitTime: number;
  npsPromotersPerc: number;
  npsDetractorsPerc: number;
  npsPassivePerc: number;
  npsScore: number;
  tickets: number;
  waitRating: number;
  withoutRating: number;
  withRating: number;
  percRating: number;
}

/** One attendant row of the dashboard (spec "Attendant row"). `rating` is the average rate 0–10, null without any. */
export interface DashboardAttendant {
  id: number;
  name: string;
  rating: number | null;
  countRating: number;
  tickets: number;
  avgWaitTime: number;
  avgSupportTime: number;
  online: boolean;
}

/** `GET /api/dashboard`'s answer. */
export interface DashboardDto {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
}

/** `GET /api/dashboard/ticketsUsers`'s answer: tickets of the period per attendant. */
export interface TicketsUsersDto {
  data: { name: string; quantity: number }[];
}

/** `GET /api/dashboard/ticketsDay`'s answer: tickets per day, or per hour (`HH:00`) when the period is one day. */
export interface TicketsDayDto {
  data: ({ date: string; total: number } | { hour: string; total: number })[];
  count: number;
}
