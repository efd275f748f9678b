import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/**
 * Serves the built UI; any non-API GET without a file falls back to index.html (client-side routes).
 * When the UI is not built, answers with a hint instead of an empty page.
 */
export function staticUi(dist: string): Middleware {
  const index = path.join(dist, 'index.html');
  const files = serve(dist, { index: false, maxage: 0 });
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
