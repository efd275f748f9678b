import { z } from 'zod';

/** Spec form bounds: 'Required', 'Too Short!', 'Too Long!'. @example nameField(2, 50) */
export const boundedString = (min: number, max: number) =>
  z.string({ error: 'Required' }).trim().min(1, 'Required').min(min, 'Too Short!').max(max, 'Too Long!');

// Zero-width characters (U+200B–U+200D, U+2060, U+FEFF) and bidi controls (U+200E, U+200F, U+202A–U+202E,
// U+2066–U+2069): invisible, so a name carrying them looks like another one (or reads backwards).
const INVISIBLE_CHARACTERS = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * A name as people see it: Unicode NFKC, zero-width and bidi control characters removed, whitespace runs made one
 * space, ends trimmed. Two names that look the same become the same string.
 * @example normalizeDisplayName(' Padaria\u200B  Central ') === 'Padaria Central'
 */
export const normalizeDisplayName = (value: string): string =>
  value.normalize('NFKC').replace(INVISIBLE_CHARACTERS, '').replace(/\s+/g, ' ').trim();

/**
 * A name shown to others (company, person), normalised by `normalizeDisplayName` before its bounds are checked, so
 * duplicate checks compare what people see. Messages default to the spec's 'Required' and 'Too Short!'.
 * @example displayName(2, 50).parse('Ana\u200B Maria') === 'Ana Maria'
 */
export const displayName = (
  min: number,
  max: number,
  messages: { required?: string; tooShort?: string } = {},
) => {
  const { required = 'Required', tooShort = 'Too Short!' } = messages;
  return z
    .string({ error: required })
    .transform(normalizeDisplayName)
    .pipe(z.string().min(1, required).min(min, tooShort).max(max, 'Too Long!'));
};

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
