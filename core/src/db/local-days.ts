import {
  COMPANY_TIMEZONE,
  type WallClock as SdkWallClock,
  type WeekdayEn,
  wallClock,
  weekdayOf,
} from '@balcao/sdk';

// Business dates are the company's local days (CONVENTIONS "Time"), in the SDK's zone (the UI's too).
export { COMPANY_TIMEZONE };

/**
 * SQL conditions on a timestamp column for calendar days `from`..`to` (YYYY-MM-DD, both inclusive) in the company's
 * zone; either end may be absent. @example localDaysWhere('m.created_at', '2026-11-01', '2026-11-30')
 */
export function localDaysWhere(
  column: string,
  from: string | undefined,
  to: string | undefined,
): { where: string[]; params: string[] } {
  const where: string[] = [];
  const params: string[] = [];
  if (from) {
    where.push(`${column} >= (?::date)::timestamp at time zone '${COMPANY_TIMEZONE}'`);
    params.push(from);
  }
  if (to) {
    where.push(`${column} < (?::date + 1)::timestamp at time zone '${COMPANY_TIMEZONE}'`);
    params.push(to);
  }
  return { where, params };
}

/** A moment on the company's wall clock (the SDK's reading, to the second) and its weekday. */
export interface WallClock extends SdkWallClock {
  /** English, lowercase ('monday'…): the `weekdayEn` of a schedule row. */
  weekday: WeekdayEn;
}

/**
 * The company's wall clock at `now` (CONVENTIONS "Time"), whatever zone the server runs in.
 * @example companyClock(new Date('2026-11-23T19:04:05Z')).hour === 16
 */
export function companyClock(now: Date, timeZone = COMPANY_TIMEZONE): WallClock {
  const clock = wallClock(now.getTime(), timeZone);
  return { ...clock, weekday: weekdayOf(clock) };
}
