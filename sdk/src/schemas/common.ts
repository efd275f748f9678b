import { z } from 'zod';

/** Spec form bounds: 'Required', 'Too Short!', 'Too Long!'. @example nameField(2, 50) */
export const boundedString = (min: number, max: number) =>
  z.string({ error: 'Required' }).trim().min(1, 'Required').min(min, 'Too Short!').max(max, 'Too Long!');

/** An e-mail, 'Invalid email' when malformed. @example emailField.parse('a@b.co') */
export const emailField = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .pipe(z.email('Invalid email'));

/** A positive integer id taken from JSON or a query string. @example idField.parse('3') === 3 */
export const idField = z.coerce.number().int().positive();

/** A time of day HH:MM. @example timeField.parse('08:00') */
export const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time');

/** A calendar date YYYY-MM-DD. @example dateField.parse('2026-12-31') */
export const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date');

/** Page number starting at 1. @example pageQuery.parse({}).pageNumber === 1 */
export const pageQuery = z.object({
  searchParam: z.string().trim().optional().default(''),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});
