import type { ScheduleRow } from '@balcao/sdk';
import { COMPANY_TIMEZONE, companyClock } from '../../db/local-days.js';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `hhmm` minutes of the day lie in one period; an empty period is closed. Both ends count (GB). */
function within(at: number, start: string, end: string): boolean {
  if (!start || !end) return false;
  return at >= minutes(start) && at <= minutes(end);
}

/**
 * Whether a weekly schedule is open at `now` on the company's wall clock (peer-server-behaviour §3, GB): today's row
 * (by `weekdayEn`) is open within period A or period B, both ends included, to the minute (08:00–18:00 is open from
 * 08:00:00 to 18:00:59). A day whose periods are both empty is closed. No schedule at all, or no row for today, is
 * open: nothing was set to close it (GB treats a missing row as open).
 * @example isOpenAt(defaultWeeklySchedule(), new Date('2026-11-23T13:00:00Z')) // true: Monday 10:00 in São Paulo
 */
export function isOpenAt(
  rows: readonly ScheduleRow[] | null | undefined,
  now: Date,
  timeZone = COMPANY_TIMEZONE,
): boolean {
  if (!rows?.length) return true;
  const t = companyClock(now, timeZone);
  const today = rows.find((r) => r.weekdayEn === t.weekday);
  if (!today) return true;
  const at = t.hour * 60 + t.minute;
  return within(at, today.startTimeA, today.endTimeA) || within(at, today.startTimeB, today.endTimeB);
}
