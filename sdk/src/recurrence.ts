import { COMPANY_TIMEZONE } from './subscription.js';
import { type WallClock, wallClock } from './wall-clock.js';

/**
 * Calendar stepping on a company's clock, shared by every plugin that repeats something (schedules, campaigns). Pure:
 * no clock is read, `now` is an argument.
 */

export const RECURRENCE_KINDS = ['none', 'daily', 'weekly', 'monthly'] as const;
export type RecurrenceKind = (typeof RECURRENCE_KINDS)[number];

/**
 * How a series repeats. `weekdays` (weekly only): the days of the week it goes on, 0 = Sunday … 6 = Saturday, on the
 * company's calendar; absent or empty, the start's own weekday (once a week).
 * @example { kind: 'weekly', weekdays: [1, 3, 5] } // Mondays, Wednesdays and Fridays
 */
export interface RecurrenceRule {
  kind: RecurrenceKind;
  weekdays?: readonly number[];
}

const DAY_MS = 86_400_000;

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
 * Days after the start's day (1–7) on which a weekly series goes in its first week, ascending: the chosen weekdays
 * seen from the start's weekday (its own weekday is 7, a week on).
 */
function weekOffsets(startWeekday: number, weekdays: readonly number[] | undefined): number[] {
  const chosen = new Set((weekdays ?? []).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6));
  if (chosen.size === 0) chosen.add(startWeekday);
  return [...chosen].map((d) => ((d - startWeekday + 6) % 7) + 1).sort((a, b) => a - b);
}

const asRule = (rule: RecurrenceRule | RecurrenceKind): RecurrenceRule =>
  typeof rule === 'string' ? { kind: rule } : rule;

/**
 * When occurrence number `n` (0 = the first, which is `start` itself) of a series falls, on the company's clock
 * (`timeZone`): the same wall-clock time a day, a chosen weekday or a month on, whatever daylight saving did in
 * between. Months count from the start (not from the previous occurrence), so a series on the 31st goes on the last
 * day of shorter months and back to the 31st after them; the day is the company's (23:00 on the 31st in São Paulo is
 * the 1st in UTC). A weekly series on chosen days goes on each of them after the start, whatever the start's weekday.
 * @example occurrenceAt(new Date('2026-01-31T12:00:00Z'), 'monthly', 1) // 2026-02-28T12:00:00Z
 * @example occurrenceAt(monday, { kind: 'weekly', weekdays: [3, 5] }, 2) // the Friday of that week
 */
export function occurrenceAt(
  start: Date,
  rule: RecurrenceRule | RecurrenceKind,
  n: number,
  timeZone: string = COMPANY_TIMEZONE,
): Date {
  const { kind, weekdays } = asRule(rule);
  if (kind === 'none' || n === 0) return new Date(start);
  const w = wallClock(start.getTime(), timeZone);
  let { year, month, day } = w;
  if (kind === 'monthly') {
    const months = month - 1 + n;
    year += Math.floor(months / 12);
    month = (months % 12) + 1;
    day = Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate());
  } else if (kind === 'weekly') {
    const offsets = weekOffsets(new Date(Date.UTC(year, month - 1, day)).getUTCDay(), weekdays);
    day += 7 * Math.floor((n - 1) / offsets.length) + offsets[(n - 1) % offsets.length];
  } else {
    day += n;
  }
  // Date.UTC carries day overflow into the next months and years.
  const local = Date.UTC(year, month - 1, day, w.hour, w.minute, w.second);
  return new Date(instantOf(local, timeZone) + (start.getTime() % 1000));
}

/**
 * The occurrence after number `done` (0 = the first) of a series that began at `start`, skipping occurrences already
 * past at `now` (a worker down for days goes once, not once per missed day); null when the series is done (not
 * recurring, or the next one falls after `end`). Occurrences keep the company's wall-clock time (`timeZone`).
 * @example nextOccurrence(start, 'monthly', 0, end, now) // a month after start, if not after end
 */
export function nextOccurrence(
  start: Date,
  rule: RecurrenceRule | RecurrenceKind,
  done: number,
  end: Date | null,
  now: Date,
  timeZone: string = COMPANY_TIMEZONE,
): { at: Date; occurrence: number } | null {
  if (asRule(rule).kind === 'none') return null;
  let occurrence = done + 1;
  while (occurrenceAt(start, rule, occurrence, timeZone).getTime() <= now.getTime()) occurrence++;
  const at = occurrenceAt(start, rule, occurrence, timeZone);
  return end && at.getTime() > end.getTime() ? null : { at, occurrence };
}
