import { z } from 'zod';

/** The week as schedules key it (`weekdayEn`), Monday first. @example WEEKDAYS_EN[0] === 'monday' */
export const WEEKDAYS_EN = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekdayEn = (typeof WEEKDAYS_EN)[number];

/** Portuguese weekday names, the spec's `weekday` of a row. */
const WEEKDAY_PT: Record<WeekdayEn, string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

/** A time of day, `HH:MM` (24 h), or '' for "no period". @example scheduleTime.parse('08:00') */
const scheduleTime = z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time')]);

/**
 * One weekday of a service-hours schedule (spec part 1 §3 "Weekly schedule row"): two periods, A and B, each from
 * start to end (HH:MM); a period left empty ('' both) is closed. A period's end is not before its start, and B does
 * not start before A ends. @example scheduleRowSchema.parse({ weekday: 'Segunda-feira', weekdayEn: 'monday',
 * startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' })
 */
export const scheduleRowSchema = z
  .object({
    weekday: z.string().trim().max(30),
    weekdayEn: z.enum(WEEKDAYS_EN),
    startTimeA: scheduleTime,
    endTimeA: scheduleTime,
    startTimeB: scheduleTime,
    endTimeB: scheduleTime,
  })
  .superRefine((row, ctx) => {
    for (const [start, end] of [
      ['startTimeA', 'endTimeA'],
      ['startTimeB', 'endTimeB'],
    ] as const) {
      if ((row[start] === '') !== (row[end] === ''))
        ctx.addIssue({ code: 'custom', path: [row[start] ? end : start], message: 'Required' });
      else if (row[start] && row[end] < row[start])
        ctx.addIssue({ code: 'custom', path: [end], message: 'Ends before it starts' });
    }
    if (row.endTimeA && row.startTimeB && row.startTimeB < row.endTimeA)
      ctx.addIssue({ code: 'custom', path: ['startTimeB'], message: 'Starts before the first period ends' });
  });
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

/** A whole week: seven rows, one per weekday, Monday first. @example weeklyScheduleSchema.parse(defaultWeeklySchedule()) */
export const weeklyScheduleSchema = z
  .array(scheduleRowSchema)
  .length(7, 'One row per weekday')
  .refine(
    (rows) => rows.every((row, i) => row.weekdayEn === WEEKDAYS_EN[i]),
    'One row per weekday, Monday first',
  );

/** The spec's default week: every day 08:00–12:00 and 13:00–18:00. */
export function defaultWeeklySchedule(): ScheduleRow[] {
  return WEEKDAYS_EN.map((weekdayEn) => ({
    weekday: WEEKDAY_PT[weekdayEn],
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));
}
