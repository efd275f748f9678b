import { z } from 'zod';
import { hasNul } from './common.js';

/** The password rules of the user form (spec: 5–50 characters). @example passwordField.parse('12345') */
export const passwordField = z
  .string({ error: 'Required' })
  .min(5, 'Too Short!')
  .max(50, 'Too Long!')
  .refine((v) => !hasNul(v), 'Invalid character');

/**
 * A WhatsApp number: country code and number, digits only once spaces, dots, dashes, brackets and a leading `+` are
 * taken away; 10 to 15 digits (E.164 allows 15).
 * @example wppField.parse('+55 (11) 99999-0000') === '5511999990000'
 */
export const wppField = z
  .string({ error: 'Required' })
  .max(40, 'Too Long!')
  .transform((v) =>
    v
      .trim()
      .replace(/^\+/, '')
      .replace(/[\s().-]/g, ''),
  )
  .pipe(
    z.string().min(1, 'Required').regex(/^\d+$/, 'Invalid number').min(10, 'Too Short!').max(15, 'Too Long!'),
  );

/**
 * A user's number on the user form: empty clears it (null).
 * @example userWppField.parse('') === null
 */
export const userWppField = z.union([z.literal('').transform(() => null), z.null(), wppField]).optional();

/** The opaque id of one password-reset attempt (a UUID), answered as `userId` by POST /api/enviar-email. */
export const resetAttemptIdField = z.uuid({ error: 'Invalid id' });

/**
 * `POST /api/enviar-email`: the registered WhatsApp number to send the code to. Answers `{ userId }`, an opaque attempt
 * id (never the account's id), whether the number is registered or not.
 * @example recoverySendSchema.parse({ wpp: '5511999990000' })
 */
export const recoverySendSchema = z.object({ wpp: wppField });
export type RecoverySendInput = z.infer<typeof recoverySendSchema>;

/** The `{number}` of `POST /api/verificar-code/{number}`. @example recoveryNumberParams.parse({ number: '5511999990000' }) */
export const recoveryNumberParams = z.object({ number: wppField });

/**
 * `POST /api/verificar-code/{number}` (the spec's GET, made a POST so the code never sits in a URL or a log and never
 * comes back): the attempt id and the 6-digit code the user typed. Answers `{ valid: true, token }` on a match.
 * @example recoveryVerifySchema.parse({ userId: '0b9f…', code: '123456' })
 */
export const recoveryVerifySchema = z.object({
  userId: resetAttemptIdField,
  code: z
    .string({ error: 'Required' })
    .trim()
    .regex(/^\d{6}$/, 'Invalid code'),
});
export type RecoveryVerifyInput = z.infer<typeof recoveryVerifySchema>;

/**
 * `PUT /api/atualizar-senha`: the attempt id, the token the verified code gave, and the new password.
 * @example passwordResetSchema.parse({ userId: '0b9f…', token: 'k3…', newPassword: 'nova-senha' })
 */
export const passwordResetSchema = z.object({
  userId: resetAttemptIdField,
  token: z
    .string({ error: 'Required' })
    .min(20, 'Invalid token')
    .max(100, 'Invalid token')
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid token'),
  newPassword: passwordField,
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
