import { AppError, type FieldError } from '@balcao/sdk';
import type { Middleware } from 'koa';
import type { AppState } from './types.js';

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** The path URL-decoded as the router will decode its parameters; a malformed escape stays as it is. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Each place under `value` (keys included) holding a NUL character, as `a.b.0` paths. */
function nulPaths(value: unknown, at: string, out: string[], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes(NUL)) out.push(at);
    return out;
  }
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return out;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) out.push(join(at, key));
    else nulPaths(item, join(at, key), out, depth + 1);
  }
  return out;
}

const join = (at: string, key: string) => (at ? `${at}.${key}` : key);

/**
 * Refuses a NUL character anywhere in the decoded path, the query or a parsed JSON / urlencoded body with 400
 * `ERR_VALIDATION` naming each field: PostgreSQL cannot store it in text, so it would otherwise fail deep inside a
 * query as a 500. Mounted once after the body parser, it covers every route, plugins' public ones included, even
 * those whose schema is a plain `z.string()`.
 */
export const refuseNul: Middleware<AppState> = async (ctx, next) => {
  const fields: FieldError[] = [];
  if (decodedPath(ctx.path).includes(NUL)) fields.push({ path: 'path', message: 'Invalid character' });
  for (const path of nulPaths(ctx.query, '', [])) fields.push({ path, message: 'Invalid character' });
  for (const path of nulPaths(ctx.request.body, '', []))
    fields.push({ path: path || 'body', message: 'Invalid character' });
  if (fields.length) throw new AppError('ERR_VALIDATION', 400, { fields });
  await next();
};
