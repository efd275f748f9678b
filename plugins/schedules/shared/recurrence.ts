import type { Recurrence } from './schedule.js';

const DAY_MS = 86_400_000;

/**
 * When occurrence number `n` (0 = the first) of a schedule that started at `start` falls. Months count from the start
 * (not from the previous send), so a schedule on the 31st goes on the last day of shorter months and back to the 31st
 * after them. Hours are kept in UTC: a zone with daylight saving moves the local hour by one twice a year.
 * @example occurrenceAt(new Date('2026-01-31T12:00:00Z'), 'monthly', 1) // 2026-02-28T12:00:00Z
 */
export function occurrenceAt(start: Date, recurrence: Recurrence, n: number): Date {
  if (recurrence === 'none' || n === 0) return new Date(start);
  if (recurrence === 'daily') return new Date(start.getTime() + n * DAY_MS);
  if (recurrence === 'weekly') return new Date(start.getTime() + 7 * n * DAY_MS);
  const months = start.getUTCMonth() + n;
  const year = start.getUTCFullYear() + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const at = new Date(start);
  at.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return at;
}

/**
 * The send after occurrence `done` (0 = the first) of a schedule whose first send was `start`, skipping occurrences
 * already past at `now` (a worker down for days sends once, not once per missed day); null when the schedule is done
 * (not recurring, or the next one falls after `end`).
 * @example nextSend(start, 'monthly', 0, end, now) // a month after start, if not after end
 */
export function nextSend(
  start: Date,
  recurrence: Recurrence,
  done: number,
  end: Date | null,
  now: Date,
): { at: Date; occurrence: number } | null {
  if (recurrence === 'none') return null;
  let occurrence = done + 1;
  while (occurrenceAt(start, recurrence, occurrence).getTime() <= now.getTime()) occurrence++;
  const at = occurrenceAt(start, recurrence, occurrence);
  return end && at.getTime() > end.getTime() ? null : { at, occurrence };
}
