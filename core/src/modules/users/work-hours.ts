import { COMPANY_TIMEZONE, companyClock } from '../../db/local-days.js';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a user's working hours (`startWork`–`endWork`, HH:MM, spec part 1 user fields) hold `now` on the company's
 * wall clock, both ends included to the minute (00:00–23:59, the default, always does). A start after the end is a
 * night shift across midnight (22:00–06:00). A malformed field checks nothing.
 * @example withinWorkHours('08:00', '18:00', new Date('2026-11-23T13:00:00Z')) // true: 10:00 in São Paulo
 */
export function withinWorkHours(
  startWork: string | null | undefined,
  endWork: string | null | undefined,
  now: Date,
  timeZone = COMPANY_TIMEZONE,
): boolean {
  if (!startWork || !endWork || !HHMM.test(startWork) || !HHMM.test(endWork)) return true;
  const clock = companyClock(now, timeZone);
  const at = clock.hour * 60 + clock.minute;
  const start = minutes(startWork);
  const end = minutes(endWork);
  return start <= end ? at >= start && at <= end : at >= start || at <= end;
}
