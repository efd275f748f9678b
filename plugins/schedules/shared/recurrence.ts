import { COMPANY_TIMEZONE } from '@balcao/sdk';
import type { Recurrence } from './schedule.js';

const DAY_MS = 86_400_000;

/** A wall-clock reading in a zone: the calendar day and time of day, as numbers (month 1–12). */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** What the clocks of `timeZone` read at an instant. */
function wallClock(at: number, timeZone: string): WallClock {
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

/** A wall-clock reading as if it were UTC: the arithmetic of calendar days without any zone. */
const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at an instant, in ms (São Paulo: −3 h; Lisbon in summer: +1 h). */
const offsetAt = (at: number, timeZone: string) => asUtc(wallClock(at, timeZone)) - (at - (at % 1000));

/**
 * The instant the clocks of `timeZone` read `local` (a wall-clock time written as UTC). Around a daylight-saving
 * change: a time read twice (clocks going back) is its first reading; a time the clocks skip (going forward) is moved
 * on by the skipped hour, as the clocks read it just after the change (02:30 → 03:30).
 */
function instantOf(local: number, timeZone: string): number {
  // The offsets in force two days either side: a zone changes its offset at most once in such a window.
  const before = local - offsetAt(local - 2 * DAY_MS, timeZone);
  const after = local - offsetAt(local + 2 * DAY_MS, timeZone);
  const reads = (at: number) => at + offsetAt(at, timeZone) === local;
  const fits = [before, after].filter(reads);
  return fits.length ? Math.min(...fits) : before;
}

/**
 * When occurrence number `n` (0 = the first) of a schedule that started at `start` falls, on the company's clock
 * (`timeZone`): the same wall-clock time a day, a week or a month on, whatever daylight saving did in between. Months
 * count from the start (not from the previous send), so a schedule on the 31st goes on the last day of shorter months
 * and back to the 31st after them; the day is the company's (23:00 on the 31st in São Paulo is the 1st in UTC).
 * @example occurrenceAt(new Date('2026-01-31T12:00:00Z'), 'monthly', 1) // 2026-02-28T12:00:00Z
 */
export function occurrenceAt(
  start: Date,
  recurrence: Recurrence,
  n: number,
  timeZone: string = COMPANY_TIMEZONE,
): Date {
  if (recurrence === 'none' || n === 0) return new Date(start);
  const w = wallClock(start.getTime(), timeZone);
  let { year, month, day } = w;
  if (recurrence === 'monthly') {
    const months = month - 1 + n;
    year += Math.floor(months / 12);
    month = (months % 12) + 1;
    day = Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate());
  } else {
    day += recurrence === 'weekly' ? 7 * n : n;
  }
  // Date.UTC carries day overflow into the next months and years.
  const local = Date.UTC(year, month - 1, day, w.hour, w.minute, w.second);
  return new Date(instantOf(local, timeZone) + (start.getTime() % 1000));
}

/**
 * The send after occurrence `done` (0 = the first) of a schedule whose first send was `start`, skipping occurrences
 * already past at `now` (a worker down for days sends once, not once per missed day); null when the schedule is done
 * (not recurring, or the next one falls after `end`). Occurrences keep the company's wall-clock time (`timeZone`).
 * @example nextSend(start, 'monthly', 0, end, now) // a month after start, if not after end
 */
export function nextSend(
  start: Date,
  recurrence: Recurrence,
  done: number,
  end: Date | null,
  now: Date,
  timeZone: string = COMPANY_TIMEZONE,
): { at: Date; occurrence: number } | null {
  if (recurrence === 'none') return null;
  let occurrence = done + 1;
  while (occurrenceAt(start, recurrence, occurrence, timeZone).getTime() <= now.getTime()) occurrence++;
  const at = occurrenceAt(start, recurrence, occurrence, timeZone);
  return end && at.getTime() > end.getTime() ? null : { at, occurrence };
}
