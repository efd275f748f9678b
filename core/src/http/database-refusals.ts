import { AppError, type Logger } from '@balcao/sdk';
import { UniqueConstraintViolationException } from '@mikro-orm/core';

/**
 * SQLSTATEs of class 22 (data exception) that mean the input was unusable: invalid text representation, numeric
 * out of range, datetime overflow, invalid datetime format, NUL / invalid byte sequence, string too long,
 * untranslatable character.
 */
const INPUT_REFUSED = new Set(['22P02', '22003', '22008', '22007', '22021', '22001', '22P05']);
const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a PostgreSQL error, whether MikroORM wrapped it (DriverException copies `code`) or not. */
function sqlStateOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, sqlState } = err as { code?: unknown; sqlState?: unknown };
  const state = typeof sqlState === 'string' ? sqlState : code;
  return typeof state === 'string' && /^[0-9A-Z]{5}$/.test(state) ? state : undefined;
}

/**
 * The answer for a database error that is the client's input, not a fault: data PostgreSQL refused is a 400
 * `ERR_VALIDATION`, a unique index a write ran into is a 409 `ERR_ALREADY_EXISTS`. Validation should have caught
 * both first, so each is logged as a warning to find the rule that is missing. Any other error gives undefined.
 * @example const refusal = databaseRefusal(err, logger, ctx.path)
 */
export function databaseRefusal(err: unknown, logger: Logger, path: string): AppError | undefined {
  const sqlState = sqlStateOf(err);
  const unique = err instanceof UniqueConstraintViolationException || sqlState === UNIQUE_VIOLATION;
  if (!unique && !(sqlState && INPUT_REFUSED.has(sqlState))) return undefined;
  const constraint = (err as { constraint?: string }).constraint;
  logger.warn({ path, sqlState, constraint }, 'database refused the input: a validation rule is missing');
  return unique ? new AppError('ERR_ALREADY_EXISTS', 409) : new AppError('ERR_VALIDATION', 400);
}
