import { z } from 'zod';
import { boundedString, hasNul } from './common.js';

/**
 * When a plugin's job runs (`jobs.schedule`): a valid Date, or agenda's words for one ('in 5 minutes', an ISO date).
 * @example jobWhenField.safeParse(new Date('nope')).success === false
 */
export const jobWhenField = z.union([
  z.date({ error: 'Invalid date' }).refine((d) => !Number.isNaN(d.getTime()), 'Invalid date'),
  z
    .string({ error: 'Invalid date' })
    .trim()
    .min(1, 'Required')
    .max(100, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character'),
]);

/**
 * What `jobs.schedule` takes besides the job's own data: when, and its options (see ScheduleOptions).
 * @example jobScheduleSchema.parse({ when: 'in 1 hour', options: { uniqueKey: 'ticket-7' } })
 */
export const jobScheduleSchema = z.object({
  when: jobWhenField,
  options: z.object({ uniqueKey: boundedString(1, 200).optional() }).optional(),
});

/** A job id as `jobs.schedule` answers it (a UUID, or a MongoDB ObjectId). @example jobIdField.parse(id) */
export const jobIdField = z
  .string({ error: 'Invalid id' })
  .max(64, 'Invalid id')
  .regex(/^[0-9a-f-]+$/i, 'Invalid id');

/**
 * The bound of `jobs.quiet` (milliseconds, whole, at most a minute): a background unit of work never waits longer.
 * @example jobQuietField.parse(250)
 */
export const jobQuietField = z
  .number({ error: 'Invalid number' })
  .int('Invalid number')
  .min(0, 'Invalid number')
  .max(60_000, 'Invalid number');
