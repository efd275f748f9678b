import { type ClockTime, COMPANY_TIMEZONE } from '@balcao/sdk';

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

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'long',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A moment on the company's wall clock (the SDK's clock time, to the second). */
export interface WallClock extends Omit<ClockTime, 'millisecond'> {
  /** English, lowercase ('monday'…): the `weekdayEn` of a schedule row. */
  weekday: string;
}

/**
 * The company's wall clock at `now` (CONVENTIONS "Time"), whatever zone the server runs in.
 * @example companyClock(new Date('2026-11-23T19:04:05Z')).hour === 16
 */
export function companyClock(now: Date, timeZone = COMPANY_TIMEZONE): WallClock {
  const part: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(now)) if (p.type !== 'literal') part[p.type] = p.value;
  const num = (k: string) => Number(part[k] ?? 0);
  return {
    year: num('year'),
    month: num('month'),
    day: num('day'),
    hour: num('hour'),
    minute: num('minute'),
    second: num('second'),
    weekday: (part.weekday ?? '').toLowerCase(),
  };
}
