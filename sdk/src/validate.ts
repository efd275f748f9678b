import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Parses input with a zod schema; unknown fields are dropped, problems throw 400 `ERR_VALIDATION` naming each field.
 * @example const { message } = validate(greetingInputSchema, ctx.request.body)
 */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError('ERR_VALIDATION', 400, { fields });
}
