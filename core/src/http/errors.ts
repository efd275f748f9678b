import { AppError } from '@balcao/sdk';
import type { Middleware } from 'koa';
import { databaseRefusal } from './database-refusals.js';
import type { AppState } from './types.js';

/** Maps thrown errors to `{ error: 'ERR_…' }` answers; never leaks stacks or SQL. */
export const errorHandler: Middleware<AppState> = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
      ctx.status = 404;
      ctx.body = { error: 'ERR_NOT_FOUND' };
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
        error: status === 413 ? 'ERR_VALIDATION' : status === 404 ? 'ERR_NOT_FOUND' : 'ERR_VALIDATION',
      };
      return;
    }
    (ctx.state.logger ?? console).error({ err, path: ctx.path }, 'request failed');
    ctx.status = 500;
    ctx.body = { error: 'ERR_INTERNAL' };
  }
};
