import { type ScheduleRow, weekdayOf } from '@balcao/sdk';
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

/** The instant the company's wall clock shows `y-mo-d hh:mi` (two passes: the zone's offset may differ that day). */
export function wallTimeToInstant(
  y: number,
  mo: number,
  d: number,
  hh: number,
  mi: number,
  timeZone = COMPANY_TIMEZONE,
): Date {
  const wanted = Date.UTC(y, mo - 1, d, hh, mi);
  let t = wanted;
  for (let pass = 0; pass < 2; pass++) {
    const w = companyClock(new Date(t), timeZone);
    t += wanted - Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  }
  return new Date(t);
}

/** Midnight starting the company's next calendar day after `now`. */
export function nextLocalDay(now: Date, timeZone = COMPANY_TIMEZONE): Date {
  const t = companyClock(now, timeZone);
  const next = new Date(Date.UTC(t.year, t.month - 1, t.day + 1));
  return wallTimeToInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone);
}

/**
 * When a weekly schedule next opens after `now` (the start of the first period that begins later, on the company's
 * calendar, within the coming week); null when it is open at `now` or never opens. A day with no row is open all day,
 * so it "opens" at its midnight.
 * @example nextOpeningAt(defaultWeeklySchedule(), new Date('2026-11-23T22:00:00-03:00')) // Tue 08:00 São Paulo
 */
export function nextOpeningAt(
  rows: readonly ScheduleRow[] | null | undefined,
  now: Date,
  timeZone = COMPANY_TIMEZONE,
): Date | null {
  if (isOpenAt(rows, now, timeZone)) return null;
  const t = companyClock(now, timeZone);
  for (let k = 0; k <= 7; k++) {
    const day = new Date(Date.UTC(t.year, t.month - 1, t.day + k));
    const [y, mo, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const weekday = weekdayOf({ year: y, month: mo, day: d });
    const row = rows?.find((r) => r.weekdayEn === weekday);
    const starts = row ? [row.startTimeA, row.startTimeB].filter((s) => s && s.length === 5) : ['00:00'];
    const opening = starts
      .map((s) => wallTimeToInstant(y, mo, d, (minutes(s) / 60) | 0, minutes(s) % 60, timeZone))
      .filter((at) => at.getTime() > now.getTime())
      .sort((a, b) => a.getTime() - b.getTime())[0];
    if (opening) return opening;
  }
  return null;
}
