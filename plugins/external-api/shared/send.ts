import { hasNul, idField } from '@balcao/sdk/rest';
import { z } from 'zod';

/** The call's path, under the server's address (spec part 2 §7 "External messages API"). */
export const SEND_PATH = '/api/messages/send';
/** Where the OpenAPI document of the call is served (behind login, for the page). */
export const OPENAPI_PATH = '/api/openapi.json';
/** The multipart field of the files (spec: `medias`); at most this many per call. */
export const MEDIAS_FIELD = 'medias';
export const MEDIAS_MAX = 5;
export const BODY_MAX = 4096;
export const IDEMPOTENCY_KEY_MAX = 200;

const noNul = (v: string) => !hasNul(v);

/**
 * A number as the API takes it: no mask (country code, area code, number: 5511999990000), or a channel's own contact
 * id (a web chat visitor's). Spaces, '+', dots or parentheses of a mask are refused ('Invalid number').
 */
export const apiNumberField = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(50, 'Too Long!')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid number');

/** An optional flag as JSON (true) or a multipart field ('true'). */
const flagField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: 'Invalid option' })
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

const optionalId = z
  .union([idField, z.literal('')], { error: 'Invalid id' })
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v));

/** The body of `POST /api/messages/send`, JSON or multipart alike (multipart sends the same fields as text). */
export const sendSchema = z.object({
  number: apiNumberField,
  body: z
    .string({ error: 'Required' })
    .max(BODY_MAX, 'Too Long!')
    .refine(noNul, 'Invalid character')
    .optional()
    .default(''),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: flagField,
});
export type SendInput = z.infer<typeof sendSchema>;

/** `Idempotency-Key`: 1–200 printable characters; a retried call with the same key sends nothing again. */
export const idempotencyKeyField = z
  .string()
  .min(1, 'Required')
  .max(IDEMPOTENCY_KEY_MAX, 'Too Long!')
  .regex(/^[\x21-\x7E]+$/, 'Invalid character');

/** The answer of a send: the messages stored (one per file, else one), on which ticket of which contact. */
export const sendAnswerSchema = z.object({
  message: z.literal('Mensagem enviada'),
  contactId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  messages: z.array(
    z.object({
      id: z.number().int().positive(),
      body: z.string(),
      mediaType: z.string(),
      mediaUrl: z.string().nullable(),
    }),
  ),
});
export type SendAnswer = z.infer<typeof sendAnswerSchema>;

/**
 * Every refusal: `{ error }` and, for validation, the fields; 429 adds `retryAfter` (seconds); a plan without the API
 * (403) names the flag it lacks (`planFlag`).
 */
export const errorAnswerSchema = z.object({
  error: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retryAfter: z.number().int().positive().optional(),
  planFlag: z.string().optional(),
});

/** What the page's test forms check before sending (spec part 2 §5: token, number and body required; for media the file). */
export const textFormSchema = z.object({
  token: z.string().trim().min(1, 'Required'),
  number: z.string().trim().min(1, 'Required'),
  body: z.string().trim().min(1, 'Required'),
});
export const mediaFormSchema = z.object({
  token: z.string().trim().min(1, 'Required'),
  number: z.string().trim().min(1, 'Required'),
  body: z.string().optional(),
});
