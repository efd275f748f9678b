import { WEEKDAYS_EN, type WeekdayEn } from './schemas/schedules.js';

/** A wall-clock reading in a zone: the calendar day and time of day, as numbers (month 1–12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using it (issue 30, the dashboard's default period). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * What the clocks of `timeZone` read at an instant (epoch ms); one formatter per zone for the whole process (core's
 * company clock reads it too). @example wallClock(Date.parse('2026-11-23T19:04:05Z'), 'America/Sao_Paulo').hour === 16
 */
export function wallClock(at: number, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(at));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

/**
 * The weekday of a calendar day (year, month 1–12, day; a day past the month's end rolls over), as schedules key it.
 * @example weekdayOf({ year: 2026, month: 11, day: 23 }) === 'monday'
 */
export function weekdayOf(day: Pick<WallClock, 'year' | 'month' | 'day'>): WeekdayEn {
  // getUTCDay counts from Sunday; the schedules' week starts on Monday.
  return WEEKDAYS_EN[(new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7];
}
