import { hasNul, idField, pageNumberField, RECURRENCE_KINDS } from '@balcao/sdk';
import { z } from 'zod';

// Shared by the server (validation) and the UI (form, table): one contract, no drift.

/** Longest message body: a WhatsApp text's limit. */
export const BODY_MAX_LENGTH = 4096;
/** The list shows the body cut at this many characters (spec part 2 §2). */
export const BODY_PREVIEW_LENGTH = 25;
/** A send time may be this far in the past (a form left open a moment); earlier is refused. */
export const PAST_TOLERANCE_MS = 60_000;
/** The latest a schedule may be set for: ten years ahead. */
export const MAX_AHEAD_MS = 10 * 366 * 86_400_000;

/** The kinds the SDK's calendar stepping knows (occurrenceAt, nextOccurrence). */
export const RECURRENCES = RECURRENCE_KINDS;
export type Recurrence = (typeof RECURRENCES)[number];
export const SCHEDULE_STATUSES = ['pending', 'sending', 'sent', 'error'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const MEDIA_TYPES = ['image', 'audio', 'video', 'application'] as const;

/** An ISO instant that exists (not 2026-02-30T…), as the date picker sends it. */
const instant = z
  .string({ error: 'Obrigatório' })
  .min(1, 'Obrigatório')
  .max(40, 'Invalid date')
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), {
    error: 'Invalid date',
    abort: true,
  })
  .refine((v) => sameCalendarDay(v), { error: 'Invalid date', abort: true });

/** `Date.parse` rolls 2026-02-30 over to March: the written day must be the parsed one. */
function sameCalendarDay(v: string): boolean {
  const written = v.slice(0, 10);
  const offset = /([+-]\d{2}):?(\d{2})$/.exec(v);
  const shiftMs = offset
    ? (Number(offset[1]) * 60 + Math.sign(Number(offset[1])) * Number(offset[2])) * 60_000
    : 0;
  return new Date(Date.parse(v) + shiftMs).toISOString().slice(0, 10) === written;
}

/**
 * `POST /api/schedules` and `PUT /api/schedules/:id` (spec part 1 §5: body required, at least 5 characters; contact
 * and time required). `now` is when the check runs: a time already past is refused.
 * @example scheduleInputSchema(new Date()).parse({ contactId: 3, body: 'Olá, Ana!', sendAt: '2026-12-01T12:00:00Z' })
 */
export const scheduleInputSchema = (now: Date) =>
  z
    .object({
      contactId: idField,
      body: z
        .string({ error: 'Obrigatório' })
        .trim()
        .min(1, { error: 'Obrigatório', abort: true })
        .min(5, 'Mensagem muito curta')
        .max(BODY_MAX_LENGTH, 'Too Long!')
        .refine((v) => !hasNul(v), 'Invalid character'),
      sendAt: instant,
      recurrence: z.enum(RECURRENCES, { error: 'Invalid option' }).default('none'),
      recurrenceEnd: instant.nullish(),
      media: z
        .object({
          url: z.string().min(1).max(500, 'Too Long!'),
          type: z.enum(MEDIA_TYPES, { error: 'Invalid option' }),
          name: z
            .string()
            .min(1)
            .max(255, 'Too Long!')
            .refine((v) => !hasNul(v), 'Invalid character'),
        })
        .nullish(),
    })
    .superRefine((input, ctx) => {
      const at = Date.parse(input.sendAt);
      if (at < now.getTime() - PAST_TOLERANCE_MS)
        ctx.addIssue({ code: 'custom', path: ['sendAt'], message: 'In the past' });
      else if (at > now.getTime() + MAX_AHEAD_MS)
        ctx.addIssue({ code: 'custom', path: ['sendAt'], message: 'Invalid date' });
      if (input.recurrence !== 'none' && !input.recurrenceEnd)
        ctx.addIssue({ code: 'custom', path: ['recurrenceEnd'], message: 'Obrigatório' });
      if (input.recurrenceEnd && Date.parse(input.recurrenceEnd) < at)
        ctx.addIssue({ code: 'custom', path: ['recurrenceEnd'], message: 'Ends before it starts' });
      if (input.recurrenceEnd && Date.parse(input.recurrenceEnd) > now.getTime() + MAX_AHEAD_MS)
        ctx.addIssue({ code: 'custom', path: ['recurrenceEnd'], message: 'Invalid date' });
    });
export type ScheduleInput = z.infer<ReturnType<typeof scheduleInputSchema>>;

/** `GET /api/schedules`. */
export const scheduleListQuery = z.object({
  searchParam: z
    .string()
    .trim()
    .max(200, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character')
    .optional()
    .default(''),
  pageNumber: pageNumberField,
  contactId: idField.optional(),
});

export const scheduleParams = z.object({ id: idField });

/** A schedule as the API answers it; dates are ISO strings on the wire. */
export interface ScheduleDto {
  id: number;
  contactId: number;
  contact: { id: number; name: string } | null;
  userId: number | null;
  body: string;
  sendAt: string;
  status: ScheduleStatus;
  /** Why the last attempt failed (an error code), while `status` is `error`. */
  error: string | null;
  sentAt: string | null;
  recurrence: Recurrence;
  recurrenceEnd: string | null;
  /** How many times it has been sent (a recurring one counts up). */
  sentCount: number;
  media: { url: string; type: (typeof MEDIA_TYPES)[number]; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/schedules`: soonest first, 20 a page. */
export interface SchedulePageDto {
  schedules: ScheduleDto[];
  hasMore: boolean;
}

/** The body as the list shows it: its first 25 characters, then '...'. @example preview('Olá, tudo bem com você hoje?') */
export function bodyPreview(body: string): string {
  const chars = [...body];
  return chars.length > BODY_PREVIEW_LENGTH ? `${chars.slice(0, BODY_PREVIEW_LENGTH).join('')}...` : body;
}

/** DD/MM/YYYY HH:mm:ss in the browser's time zone (spec part 2 §2). @example formatSendAt('2026-12-01T15:04:05Z') */
export function formatSendAt(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * The largest attachment `POST /api/schedules/media` takes: it travels base64 in JSON, under the API's 1 MB body
 * limit. @example file.size <= MEDIA_MAX_BYTES
 */
export const MEDIA_MAX_BYTES = 700 * 1024;

/** `POST /api/schedules/media`: a file for a schedule, base64. */
export const mediaUploadSchema = z.object({
  fileName: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(1, 'Obrigatório')
    .max(255, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character'),
  mimeType: z
    .string({ error: 'Obrigatório' })
    .max(100, 'Too Long!')
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'Invalid upload'),
  data: z
    .string({ error: 'Obrigatório' })
    .min(1, 'Obrigatório')
    .max(Math.ceil(MEDIA_MAX_BYTES / 3) * 4 + 4, 'Too Long!')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Invalid upload'),
});
