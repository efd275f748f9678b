import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/** A year: files under /assets/ carry their content's hash in their name, so a new build never reuses one. */
const HASHED_MAX_AGE_S = 31_536_000;

/** Headers of a served file: hashed assets are cached for good; the compressed variants vary by Accept-Encoding. */
const fileHeaders =
  (dist: string) =>
  (res: ServerResponse, file: string): void => {
    res.setHeader('Vary', 'Accept-Encoding');
    const hashed = path.relative(dist, file).startsWith(`assets${path.sep}`);
    res.setHeader('Cache-Control', hashed ? `public, max-age=${HASHED_MAX_AGE_S}, immutable` : 'no-cache');
  };

/**
 * Serves the built UI; any non-API GET without a file falls back to index.html (client-side routes).
 * The build writes each text asset gzip- and brotli-compressed beside itself (ui/vite.config.ts): the smaller one the
 * browser accepts is sent as it is. When the UI is not built, answers with a hint instead of an empty page.
 */
export function staticUi(dist: string): Middleware {
  const index = path.join(dist, 'index.html');
  const files = serve(dist, {
    index: false,
    brotli: true,
    gzip: true,
    setHeaders: fileHeaders(path.resolve(dist)),
  });
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api') || ctx.path === '/ws') return next();
    await files(ctx, next);
    if (ctx.body !== undefined || ctx.method !== 'GET') return;
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The UI is not built yet: run `npm run build:ui` (npm start does it for you).';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = (await import('node:fs')).createReadStream(index);
  };
}
