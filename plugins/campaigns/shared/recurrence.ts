import { nextOccurrence, RECURRENCE_KINDS, type RecurrenceKind } from '@balcao/sdk';
import { z } from 'zod';

/** How a campaign repeats (issue 26): none, daily, weekly on chosen days, monthly; `none` is a one-off campaign. */
export const CAMPAIGN_RECURRENCES = RECURRENCE_KINDS;
export type CampaignRecurrence = RecurrenceKind;
/** The most runs a series may be given: a year of daily runs. */
export const CAMPAIGN_RUNS_MAX = 366;
/** Weekdays as the SDK's calendar counts them: 0 = Sunday … 6 = Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** `"1,3"`, a single day or a list of days → distinct days, ascending. */
const weekdaysField = z.preprocess(
  (v) => {
    if (typeof v === 'string')
      return v
        .split(',')
        .filter((s) => s.trim() !== '')
        .map(Number);
    if (typeof v === 'number') return [v];
    return v ?? [];
  },
  z
    .array(
      z
        .number({ error: 'Invalid option' })
        .int('Invalid option')
        .min(0, 'Invalid option')
        .max(6, 'Invalid option'),
    )
    .max(7, 'Invalid option')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

const runsField = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Invalid number' })
    .int('Invalid number')
    .min(1, 'At least one run')
    .max(CAMPAIGN_RUNS_MAX, 'Too many runs')
    .nullable(),
);

/**
 * The modal's recurrence fields. `recurrenceEndAt` (a date) and `recurrenceRuns` (how many runs in all, the first
 * included) end the series: a recurring campaign needs one of them, and stops at whichever comes first.
 */
export const recurrenceShape = {
  recurrence: z.enum(CAMPAIGN_RECURRENCES, { error: 'Invalid option' }).default('none'),
  recurrenceWeekdays: weekdaysField,
  recurrenceRuns: runsField,
};

interface RecurrenceFields {
  scheduledAt: Date | null;
  recurrence: CampaignRecurrence;
  recurrenceWeekdays: number[];
  recurrenceEndAt: Date | null;
  recurrenceRuns: number | null;
}

type Issue = { path: string[]; message: string };

/**
 * The rules across fields: a series starts at a date, weekly goes on at least one day, it ends (a date after its
 * start, or a number of runs).
 */
export function recurrenceIssues(c: RecurrenceFields): Issue[] {
  if (c.recurrence === 'none') return [];
  // zod runs this even when a field failed its own check: such a field holds its raw input, judged there already.
  const start = c.scheduledAt instanceof Date ? c.scheduledAt : null;
  const end = c.recurrenceEndAt instanceof Date ? c.recurrenceEndAt : null;
  const issues: Issue[] = [];
  if (c.scheduledAt === null) issues.push({ path: ['scheduledAt'], message: 'Required' });
  if (c.recurrence === 'weekly' && Array.isArray(c.recurrenceWeekdays) && c.recurrenceWeekdays.length === 0)
    issues.push({ path: ['recurrenceWeekdays'], message: 'Choose at least one day' });
  if (c.recurrenceEndAt === null && c.recurrenceRuns === null)
    issues.push({ path: ['recurrenceEndAt'], message: 'Required' });
  if (end && start && end.getTime() <= start.getTime())
    issues.push({ path: ['recurrenceEndAt'], message: 'Ends before it starts' });
  return issues;
}

/** What a one-off campaign keeps of the fields (nothing), and weekdays only for a weekly one. */
export function normalizeRecurrence<T extends RecurrenceFields>(c: T): T {
  if (c.recurrence === 'none')
    return { ...c, recurrenceWeekdays: [], recurrenceEndAt: null, recurrenceRuns: null };
  return c.recurrence === 'weekly' ? c : { ...c, recurrenceWeekdays: [] };
}

/** A campaign's series as the planning reads it. */
export interface CampaignSeries {
  recurrence: CampaignRecurrence;
  recurrenceWeekdays: number[];
  recurrenceEndAt: Date | null;
  recurrenceRuns: number | null;
  /** The series' first date: occurrences step from it (the 31st stays the 31st after February). */
  seriesStartAt: Date | null;
  /** The run going (or last gone) out, 1 for the first. */
  runNumber: number;
  /** The current run's date. */
  scheduledAt: Date | null;
}

/**
 * When the run after the current one goes out: the series' next occurrence after both the current run's date and
 * `now` (a run that took longer than the gap skips the occurrences it overran), or null when the series is over —
 * not recurring, `recurrenceRuns` runs made, or the next occurrence after `recurrenceEndAt`.
 * @example nextRunAt({ recurrence: 'daily', runNumber: 1, recurrenceRuns: 2, … }, now) // the next day, same time
 */
export function nextRunAt(c: CampaignSeries, now: Date): Date | null {
  const start = c.seriesStartAt ?? c.scheduledAt;
  if (c.recurrence === 'none' || !start) return null;
  if (c.recurrenceRuns !== null && c.runNumber >= c.recurrenceRuns) return null;
  const after = Math.max(now.getTime(), c.scheduledAt?.getTime() ?? 0);
  const next = nextOccurrence(
    start,
    { kind: c.recurrence, weekdays: c.recurrenceWeekdays },
    0,
    c.recurrenceEndAt,
    new Date(after),
  );
  return next?.at ?? null;
}
