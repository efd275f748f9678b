import { idField, PG_INT_MAX, WEEKDAYS_EN } from '@balcao/sdk';
import { z } from 'zod';

// Shared by the server (validation) and the UI (the dialog): one contract, no drift.

/** The spec's weekday names (part 2 §3 Plantao `days[].weekday`), Monday first like `WEEKDAYS_EN`. */
export const WEEKDAYS_PT = [
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
  'Domingo',
] as const;

/** A day of duty as the dialog starts it (spec part 2 §9: days Monday to Sunday, no times). */
export const defaultDays = () =>
  WEEKDAYS_EN.map((weekdayEn, i) => ({ weekday: WEEKDAYS_PT[i], weekdayEn, startTime: '', endTime: '' }));

const time = z
  .string()
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'Invalid time')
  .optional()
  .default('');

const daySchema = z.object({
  weekday: z.string().max(20).optional(),
  weekdayEn: z.enum(WEEKDAYS_EN, { error: 'Invalid option' }),
  startTime: time,
  endTime: time,
});

/**
 * `POST /api/plantao` and `PUT /api/plantao/:id` (spec part 2 §5 On-call): a user, a phone, an interval in hours, the
 * seven days, each with both times or neither, at least one with both; times ##:##.
 * @example dutyInputSchema.parse({ userId: 2, phone: '5511999990000', interval: 1, days: defaultDays() })
 */
export const dutyInputSchema = z.object({
  userId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: 'Informe o usuário' })
      .int('Informe o usuário')
      .positive('Informe o usuário')
      .max(PG_INT_MAX, 'Invalid id'),
  ),
  phone: z
    .string({ error: 'Informe o telefone' })
    .trim()
    .min(1, { error: 'Informe o telefone', abort: true })
    .max(30, 'Invalid number')
    .regex(/^\+?[\d\s().-]+$/, { error: 'Invalid number', abort: true })
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length >= 10 && v.length <= 15, 'Invalid number'),
  // Spec part 2 §5: an integer, required. A field cleared in the dialog ('' or null) is refused; a call that leaves it
  // out gets the spec's default (§9: 1).
  interval: z.preprocess(
    (v) => {
      if (v === undefined) return 1;
      if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
      return typeof v === 'string' ? Number(v) : v;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid interval') })
      .int('Invalid interval')
      .min(1, 'Invalid interval')
      .max(24, 'Invalid interval'),
  ),
  // The days' rules refine the list itself, so they are told together with the other fields' problems.
  days: z
    .array(daySchema, { error: 'Required' })
    .length(7, 'Required')
    .superRefine((days, ctx) => {
      days.forEach((day, i) => {
        if (day.startTime && !day.endTime)
          ctx.addIssue({ code: 'custom', path: [i, 'endTime'], message: 'Required' });
        if (day.endTime && !day.startTime)
          ctx.addIssue({ code: 'custom', path: [i, 'startTime'], message: 'Required' });
      });
      if (new Set(days.map((d) => d.weekdayEn)).size !== 7)
        ctx.addIssue({ code: 'custom', path: [], message: 'Invalid option' });
      if (!days.some((d) => d.startTime && d.endTime))
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
        });
    }),
});
export type DutyInput = z.infer<typeof dutyInputSchema>;

export const dutyParams = z.object({ id: idField });

export interface DutyDay {
  weekday: string;
  weekdayEn: (typeof WEEKDAYS_EN)[number];
  startTime: string;
  endTime: string;
}

/** An on-call entry as the API answers it (spec part 2 §3 Plantao). */
export interface DutyDto {
  id: number;
  userId: number;
  user: { id: number; name: string } | null;
  phone: string;
  interval: number;
  days: DutyDay[];
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a duty covers `weekday` at `time` (HH:MM): from its start, inclusive, to its end, exclusive; an end before
 * the start runs past midnight (22:00–06:00 covers Monday 23:00 and, from Monday's row, Tuesday 05:00).
 * @example onCallAt(days, 'monday', '23:30')
 */
export function onCallAt(days: readonly DutyDay[], weekday: string, time: string): boolean {
  const at = minutes(time);
  const index = WEEKDAYS_EN.indexOf(weekday as DutyDay['weekdayEn']);
  if (index < 0) return false;
  const today = days.find((d) => d.weekdayEn === weekday);
  if (today?.startTime && today.endTime) {
    const [start, end] = [minutes(today.startTime), minutes(today.endTime)];
    if (start < end ? at >= start && at < end : at >= start) return true;
  }
  const yesterday = days.find((d) => d.weekdayEn === WEEKDAYS_EN[(index + 6) % 7]);
  if (yesterday?.startTime && yesterday.endTime) {
    const [start, end] = [minutes(yesterday.startTime), minutes(yesterday.endTime)];
    if (end <= start && at < end) return true;
  }
  return false;
}
