import { boundedString, hasNul, idField } from '@balcao/sdk';
import { z } from 'zod';
import {
  type CampaignRecurrence,
  normalizeRecurrence,
  recurrenceIssues,
  recurrenceShape,
} from './recurrence.js';

/** Spec part 2 §4: every status a campaign goes through. */
export const CAMPAIGN_STATUSES = [
  'INATIVA',
  'PROGRAMADA',
  'EM_ANDAMENTO',
  'CANCELADA',
  'FINALIZADA',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Five message variants, each with its confirmation (spec §9). */
export const VARIANTS = [1, 2, 3, 4, 5] as const;
export const MESSAGE_FIELDS = VARIANTS.map((i) => `message${i}` as const);
export const CONFIRMATION_FIELDS = VARIANTS.map((i) => `confirmationMessage${i}` as const);
export type MessageField = (typeof MESSAGE_FIELDS)[number] | (typeof CONFIRMATION_FIELDS)[number];

/** A campaign's text: WhatsApp's own limit for a message. */
export const CAMPAIGN_MESSAGE_MAX = 4096;
/** Connections one campaign rotates through. */
export const CAMPAIGN_CONNECTIONS_MAX = 10;
/** The spec's edit rule: a scheduled campaign is editable until one hour before it starts. */
export const EDIT_LOCK_MS = 3_600_000;

const messageText = z
  .string()
  .max(CAMPAIGN_MESSAGE_MAX, 'Too Long!')
  .refine((v) => !hasNul(v), 'Invalid character')
  .nullish()
  .transform((v) => (v?.trim() ? v : null));

const nullableId = z.preprocess((v) => (v === '' ? null : v), idField.nullish()).transform((v) => v ?? null);

/** `"1,2"` (the spec's comma-joined whatsappId), a single id or a list of ids → distinct ids. */
const connectionIds = z.preprocess(
  (v) => {
    if (typeof v === 'string') return v.split(',').filter((s) => s.trim() !== '');
    if (typeof v === 'number') return [v];
    return v ?? [];
  },
  z
    .array(idField)
    .min(1, 'Required')
    .max(CAMPAIGN_CONNECTIONS_MAX, 'Too Long!')
    .transform((ids) => [...new Set(ids)]),
);

/** An ISO date-time that exists (not 2026-02-30T10:00), or null for "no date". */
const scheduledAtField = z.preprocess(
  (v) => (v === '' ? null : v),
  z.iso
    .datetime({ offset: true, error: 'Invalid date' })
    .refine((v) => !Number.isNaN(new Date(v).getTime()), 'Invalid date')
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 2000 && year <= 9999;
    }, 'Invalid date')
    .nullish()
    .transform((v) => (v ? new Date(v) : null)),
);

const messageShape = Object.fromEntries(
  [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((f) => [f, messageText]),
);

/**
 * The campaign modal's body (POST /campaigns, PUT /campaigns/{id}): a name, up to five messages (and five confirmation
 * messages when `confirmation`), one audience — a contact list or a tag — and one or more connections; a recurring
 * campaign (daily, weekly on `recurrenceWeekdays`, monthly) also an end: `recurrenceEndAt` or `recurrenceRuns`.
 * @example campaignInputSchema.parse({ name: 'Black Friday', message1: 'Oi {nome}!', tagListId: 3, whatsappId: '1,2' })
 */
export const campaignInputSchema = z
  .object({
    name: boundedString(2, 50),
    ...(messageShape as Record<MessageField, typeof messageText>),
    confirmation: z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean().default(false),
    ),
    scheduledAt: scheduledAtField,
    contactListId: nullableId,
    tagListId: nullableId,
    whatsappId: connectionIds,
    withinBusinessHours: z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ error: 'Invalid option' }).default(false),
    ),
    ...recurrenceShape,
    recurrenceEndAt: scheduledAtField,
  })
  .superRefine((c, ctx) => {
    for (const issue of recurrenceIssues(c)) ctx.addIssue({ code: 'custom', ...issue });
    if ((c.contactListId === null) === (c.tagListId === null))
      ctx.addIssue({ code: 'custom', path: ['contactListId'], message: 'Required' });
    if (MESSAGE_FIELDS.every((f) => c[f] === null))
      ctx.addIssue({ code: 'custom', path: ['message1'], message: 'Required' });
    if (c.confirmation && CONFIRMATION_FIELDS.every((f) => c[f] === null))
      ctx.addIssue({ code: 'custom', path: ['confirmationMessage1'], message: 'Required' });
  })
  .transform(normalizeRecurrence);
export type CampaignInput = z.infer<typeof campaignInputSchema>;

/** GET /campaigns query. */
export const campaignListQuery = z.object({
  searchParam: z
    .string()
    .max(100, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character')
    .optional()
    .default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export interface CampaignDto {
  id: number;
  name: string;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmationMessage1: string | null;
  confirmationMessage2: string | null;
  confirmationMessage3: string | null;
  confirmationMessage4: string | null;
  confirmationMessage5: string | null;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  contactListId: number | null;
  tagListId: number | null;
  /** The spec's comma-joined connection ids. */
  whatsappId: string;
  /** The file sent with the message (a URL of the company's media store), its name and MIME type; null: none. */
  mediaPath: string | null;
  mediaName: string | null;
  /** Sends only within the company's business hours and days. */
  withinBusinessHours: boolean;
  /** While the dispatch waits (outside the window, or every connection at its daily cap): until when, and why. */
  pausedUntil: string | null;
  pauseReason: PauseReason | null;
  mediaType: string | null;
  recurrence: CampaignRecurrence;
  /** Weekly: 0 = Sunday … 6 = Saturday. */
  recurrenceWeekdays: number[];
  recurrenceEndAt: string | null;
  /** Runs in all, the first included. */
  recurrenceRuns: number | null;
  /** The run going (or last gone) out, 1 for the first. */
  runNumber: number;
  /** When the next run goes out: the date of a scheduled one, else the series' next after the current run. */
  nextRunAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Why a running campaign waits: outside the business hours, or every connection reached its daily cap. */
export type PauseReason = 'hours' | 'cap';

export interface CampaignPageDto {
  records: CampaignDto[];
  count: number;
  hasMore: boolean;
}

/** What the form may change now: everything, only the message fields (a cancelled campaign), or nothing. */
export type Editability = 'all' | 'messages' | 'none';

/**
 * Spec part 2 §4: editable when INATIVA, or PROGRAMADA more than an hour before its time; a cancelled campaign keeps
 * its message fields editable; otherwise read-only.
 * @example editability({ status: 'PROGRAMADA', scheduledAt: in30min }, now) === 'none'
 */
export function editability(
  c: { status: CampaignStatus; scheduledAt: string | Date | null },
  now: Date = new Date(),
): Editability {
  if (c.status === 'INATIVA') return 'all';
  if (c.status === 'CANCELADA') return 'messages';
  if (c.status === 'PROGRAMADA' && c.scheduledAt)
    return new Date(c.scheduledAt).getTime() - now.getTime() > EDIT_LOCK_MS ? 'all' : 'none';
  return 'none';
}
