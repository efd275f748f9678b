import { z } from 'zod';

/**
 * The largest PostgreSQL `integer`: ids and counts are int4 columns, and a larger number sent to one is a database
 * error, so inputs stop here. @example idField.safeParse(PG_INT_MAX + 1).success === false
 */
export const PG_INT_MAX = 2_147_483_647;

/** PostgreSQL refuses the NUL character in text; inputs refuse it first. @example hasNul('a\u0000') === true */
export const hasNul = (text: string): boolean => text.includes('\u0000');

/** Spec form bounds: 'Required', 'Too Short!', 'Too Long!'; no NUL. @example nameField(2, 50) */
export const boundedString = (min: number, max: number) =>
  z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .min(min, 'Too Short!')
    .max(max, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character');

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

// Scripts with letters that look alike (Latin a, Cyrillic а, Greek α, Armenian օ, Cherokee Ꭺ…): a name mixing them
// imitates another company's. Other scripts (Han, Arabic…) may sit beside Latin, as in "Sushi 寿司".
const CONFUSABLE_SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
  /\p{Script=Georgian}/u,
  /\p{Script=Coptic}/u,
];

/** True when `text` has letters of two look-alike scripts. @example mixesScripts('Pаdaria') === true // Cyrillic а */
export const mixesScripts = (text: string): boolean =>
  CONFUSABLE_SCRIPTS.filter((script) => script.test(text)).length > 1;

/**
 * A company name: a `displayName` whose letters come from one of the look-alike scripts (not Latin mixed with
 * Cyrillic), 'Mixed scripts' otherwise.
 * @example companyName().safeParse('Pаdaria').success === false
 */
export const companyName = (messages: { required?: string; tooShort?: string } = {}) =>
  displayName(2, 50, messages).refine((v) => !mixesScripts(v), 'Mixed scripts');

/** An e-mail, 'Invalid email' when malformed. @example emailField.parse('a@b.co') */
export const emailField = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .pipe(z.email('Invalid email'));

/** A positive integer id taken from JSON or a query string, at most {@link PG_INT_MAX}. @example idField.parse('3') === 3 */
export const idField = z.coerce.number().int().positive().max(PG_INT_MAX, 'Invalid id');

/**
 * A bot engine's key as `GET /api/bot-engines` lists it: `plugin:engine`, both kebab-case ('Invalid option' otherwise).
 * @example botEngineKeyField.parse('tour:faq') === 'tour:faq'
 */
export const botEngineKeyField = z
  .string()
  .max(100, 'Invalid option')
  .regex(/^[a-z][a-z0-9-]*:[a-z][a-z0-9-]*$/, 'Invalid option');

/** A whole number 0…{@link PG_INT_MAX} (an order, a count, a limit). @example countField.parse('0') === 0 */
export const countField = z.coerce.number().int().min(0).max(PG_INT_MAX);

/** A time of day HH:MM. @example timeField.parse('08:00') */
export const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time');

/** True when YYYY-MM-DD names a day that exists (years 1–9999): not 2026-02-30, not 2025-02-29, not 0000-01-01. */
const isCalendarDay = (v: string): boolean => {
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v.slice(0, 4) !== '0000';
};

/** A calendar date YYYY-MM-DD that exists. @example dateField.safeParse('2026-02-30').success === false */
export const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Invalid date', abort: true })
  .refine(isCalendarDay, 'Invalid date');

/** A page number, 1…{@link PG_INT_MAX}. @example pageNumberField.parse(undefined) === 1 */
export const pageNumberField = z.coerce.number().int().min(1).max(PG_INT_MAX).optional().default(1);

/** Page number starting at 1. @example pageQuery.parse({}).pageNumber === 1 */
export const pageQuery = z.object({
  searchParam: z.string().trim().optional().default(''),
  pageNumber: pageNumberField,
});

/**
 * A contacts search (`GET /contacts?searchParam=`) counts up to this many and stops: past it the answer says
 * `countCapped: true` with `count` at the cap, and the UI shows "100+". @example countCapped ? `${count}+` : count
 */
export const CONTACT_COUNT_CAP = 100;
