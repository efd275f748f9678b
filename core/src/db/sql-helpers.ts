import { UniqueConstraintViolationException } from '@mikro-orm/core';

/**
 * The name of the unique index a write collided with, or undefined for any other error. Services turn it into
 * their 409, so a race between two requests answers like the check that ran first.
 * @example if (uniqueViolation(err) === 'queues_company_color_unique') throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409)
 */
export function uniqueViolation(err: unknown): string | undefined {
  if (!(err instanceof UniqueConstraintViolationException)) return undefined;
  return (err as { constraint?: string }).constraint ?? '';
}

/** Escapes `%`, `_` and `\` so user text matches literally inside an ILIKE pattern. @example `%${likeTerm('50%')}%` */
export const likeTerm = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
