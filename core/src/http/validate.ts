import { AppError } from '@balcao/sdk';
import type { z } from 'zod';

/**
 * Parses input with a shared SDK schema; unknown fields are dropped, problems answer 400 with each field named.
 * @example const input = validate(loginSchema, ctx.request.body)
 */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError('ERR_VALIDATION', 400, { fields });
}

/** A positive integer route parameter. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0)
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'id', message: 'Invalid id' }] });
  return id;
}
