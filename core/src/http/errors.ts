import { AppError } from '@balcao/sdk';
import type { Middleware } from 'koa';
import { databaseRefusal } from './database-refusals.js';
import type { AppState } from './types.js';

/**
 * What the routers leave unanswered under /api: no route for the path (404), or none for the method on it (405, or 501
 * for a method no router knows). All are one answer, distinct from every entity's not-found code.
 */
const NO_ROUTE_STATUSES = new Set([404, 405, 501]);

/** Maps thrown errors to `{ error: 'ERR_…' }` answers; never leaks stacks or SQL. */
export const errorHandler: Middleware<AppState> = async (ctx, next) => {
  try {
    await next();
    if (NO_ROUTE_STATUSES.has(ctx.status) && ctx.body === undefined && ctx.path.startsWith('/api')) {
      ctx.status = 404;
      ctx.body = { error: 'ERR_NO_ROUTE' };
    }
  } catch (thrown) {
    const err = databaseRefusal(thrown, ctx.state.logger ?? console, ctx.path) ?? thrown;
    if (err instanceof AppError) {
      ctx.status = err.status;
      ctx.body = { error: err.code, ...err.details };
      return;
    }
    const status = (err as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      // Body parser and router errors (bad JSON, payload too large, method not allowed).
      ctx.status = status;
      ctx.body = {
        error: status === 404 ? 'ERR_NO_ROUTE' : 'ERR_VALIDATION',
      };
      return;
    }
    if (isDatabaseUnavailable(err)) {
      (ctx.state.logger ?? console).warn({ path: ctx.path, reason: String(err) }, 'database unavailable');
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { error: 'ERR_DB_UNAVAILABLE' };
      return;
    }
    (ctx.state.logger ?? console).error({ err, path: ctx.path }, 'request failed');
    ctx.status = 500;
    ctx.body = { error: 'ERR_INTERNAL' };
  }
};

/** Network failures of a connection to the server (refused, reset, timed out, name not found). */
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATE: class 08 (connection exception), 57P01–57P03 (shut down, crashed, not accepting), 53300 (too many). */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** What pg and knex say without a code: a connection lost mid-query, or the pool finding none in time. */
const LOST_CONNECTION =
  /Connection terminated|Connection ended unexpectedly|connection error and is not queryable|timeout exceeded when trying to connect/;

/**
 * True when `err` says PostgreSQL cannot be reached right now, as pg, knex and MikroORM report it (they copy pg's
 * `code` onto their own errors): the request may succeed later, so it is a 503, not a 500. Only the error itself is
 * read (and each of an AggregateError's attempts), never its `cause`: fetch puts another service's refusal there.
 * @example isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) // true
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
    return true;
  return err.name === 'KnexTimeoutError' || LOST_CONNECTION.test(err.message);
}
