import { z } from 'zod';
import { PLAN_FLAG_KEY, PLAN_FLAGS, RECURRENCE_MONTHS } from '../plans.js';
import { boundedString, companyName, countField, dateField, idField } from './common.js';

const recurrence = z.enum(Object.keys(RECURRENCE_MONTHS) as [keyof typeof RECURRENCE_MONTHS]);

// Base fields carry no defaults: `.partial()` over a default would reset the field on every update.
const companyFields = {
  name: companyName({ required: 'Nome é obrigatório', tooShort: 'Nome é obrigatório' }),
  email: z
    .string({ error: 'E-mail é obrigatório' })
    .trim()
    .toLowerCase()
    .min(1, 'E-mail é obrigatório')
    .pipe(z.email('Email é inválido')),
  phone: z.string().trim().max(30).nullish(),
  document: z.string().trim().max(30).nullish(),
  planId: idField,
  status: z.boolean(),
  dueDate: z.preprocess((v) => (v === '' ? null : v), dateField.nullish()),
  recurrence,
  paymentMethod: z.string().trim().max(30).nullish(),
  password: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
  /** Recorded on the company (spec part 2 §3 form fields); the plan's counts are what is enforced. */
  numberAttendants: countField,
  numberConections: countField,
};

/** `POST /api/companies` (super user). @example companyCreateSchema.parse({ name: 'Loja', email: 'a@b.co', planId: 1 }) */
export const companyCreateSchema = z.object({
  ...companyFields,
  // Issue 24: a new company is active unless the super admin switches it off.
  status: companyFields.status.default(true),
  recurrence: companyFields.recurrence.default('MENSAL'),
  password: companyFields.password.optional(),
  /** The password of the company's first admin user (its name and e-mail are the company's); none: no user. */
  passwordDefault: companyFields.password.optional(),
  numberAttendants: companyFields.numberAttendants.default(1),
  numberConections: companyFields.numberConections.default(1),
});
export type CompanyCreateInput = z.infer<typeof companyCreateSchema>;

/** `PUT /api/companies/{id}`. @example companyUpdateSchema.parse({ status: true }) */
export const companyUpdateSchema = z.object(companyFields).partial();
export type CompanyUpdateInput = z.infer<typeof companyUpdateSchema>;

/** The largest plan amount `numeric(10, 2)` holds. */
export const PLAN_AMOUNT_MAX = 99_999_999.99;

const count = countField;

/** How many flags a plan's `flags` map may carry in one write (core and plugin-declared together). */
export const PLAN_FLAGS_MAX = 200;

/**
 * A plan's flags by key, core or plugin-declared (`{ useTour: true }`); the server refuses a key no loaded plugin
 * declares ('Unknown plan flag'). The ten core flags may also come as the plan's own fields (the spec's shape).
 * @example planFlagsMap.parse({ useTour: true, useKanban: false })
 */
export const planFlagsMap = z
  .record(z.string().regex(PLAN_FLAG_KEY, 'Invalid option'), z.boolean())
  .refine((flags) => Object.keys(flags).length <= PLAN_FLAGS_MAX, 'Too many options');

const planFields = {
  name: boundedString(2, 50),
  users: count,
  connections: count,
  queues: count,
  amount: z.coerce.number().min(0).max(PLAN_AMOUNT_MAX),
  isPublic: z.boolean(),
  flags: planFlagsMap.optional(),
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean()])) as Record<
    (typeof PLAN_FLAGS)[number],
    z.ZodBoolean
  >),
};

/**
 * `POST /api/plans` (super user). Flags: the core ones as fields and/or any declared one in `flags`; a field wins over
 * the same key in `flags`; a flag left out is off.
 * @example planCreateSchema.parse({ name: 'Pro', users: 5, amount: 99.9, useKanban: true, flags: { useTour: true } })
 */
export const planCreateSchema = z.object({
  ...planFields,
  users: count.default(1),
  connections: count.default(1),
  queues: count.default(1),
  amount: planFields.amount.default(0),
  isPublic: z.boolean().default(true),
  // A core flag left out is off; left out here (no default) so one sent only in `flags` is not overridden.
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
    (typeof PLAN_FLAGS)[number],
    z.ZodOptional<z.ZodBoolean>
  >),
});
export type PlanCreateInput = z.infer<typeof planCreateSchema>;

/**
 * `PUT /api/plans/{id}`. Flags sent (as core fields or in `flags`) change; flags left out keep their value.
 * @example planUpdateSchema.parse({ useKanban: true, flags: { useTour: false } })
 */
export const planUpdateSchema = z.object(planFields).partial();
export type PlanUpdateInput = z.infer<typeof planUpdateSchema>;

/** A YouTube video id (11 characters). @example YOUTUBE_ID.test('dQw4w9WgXcQ') */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a YouTube link (watch, youtu.be, embed, shorts) or of the id itself; null otherwise.
 * @example youtubeVideoId('https://youtu.be/dQw4w9WgXcQ') === 'dQw4w9WgXcQ'
 */
export function youtubeVideoId(value: string): string | null {
  const text = value.trim();
  if (YOUTUBE_ID.test(text)) return text;
  const match =
    /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/.exec(
      text,
    );
  return match ? match[1] : null;
}

const helpFields = {
  title: boundedString(1, 100),
  description: z
    .string()
    .trim()
    .max(1000, 'Too Long!')
    .refine((v) => !v.includes('\u0000'), 'Invalid character'),
  video: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .transform((v, ctx) => {
      const id = youtubeVideoId(v);
      if (!id) ctx.addIssue({ code: 'custom', message: 'Invalid video' });
      return id ?? v;
    }),
};

/** `POST /api/helps` (super user). @example helpCreateSchema.parse({ title: 'Tickets', video: 'dQw4w9WgXcQ' }) */
export const helpCreateSchema = z.object({ ...helpFields, description: helpFields.description.default('') });
export type HelpCreateInput = z.infer<typeof helpCreateSchema>;

/** `PUT /api/helps/{id}`. @example helpUpdateSchema.parse({ title: 'Filas' }) */
export const helpUpdateSchema = z.object(helpFields).partial();
export type HelpUpdateInput = z.infer<typeof helpUpdateSchema>;
