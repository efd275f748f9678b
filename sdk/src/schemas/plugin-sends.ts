import { z } from 'zod';
import { hasNul, idField } from './common.js';

/**
 * `MessagesPort.sendToContact`'s input as core checks it (a plugin's input is as hostile as a request's): ids in int4
 * range, a key of 1–200 characters without NUL (kept as given: no trimming, a key is an identity), text or a file.
 * @example sendToContactSchema.parse({ contactId: 5, connectionId: 1, body: 'Oi', idempotencyKey: 'camp-9:5' })
 */
export const sendToContactSchema = z
  .object({
    contactId: idField,
    connectionId: idField,
    body: z
      .string()
      .max(65_536, 'Too Long!')
      .refine((v) => !hasNul(v), 'Invalid character')
      .optional(),
    media: z
      .object({
        url: z.string().min(1, 'Required').max(1000, 'Too Long!'),
        type: z.enum(['image', 'audio', 'video', 'application']),
      })
      .optional(),
    idempotencyKey: z
      .string({ error: 'Required' })
      .min(1, 'Required')
      .max(200, 'Too Long!')
      .refine((v) => !hasNul(v), 'Invalid character'),
    holdUntilReply: z.boolean().optional(),
  })
  .refine((v) => v.media !== undefined || (v.body ?? '').trim() !== '', {
    path: ['body'],
    message: 'Required',
  });
