import { constants as zlib } from 'node:zlib';
import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import { createRequestScope } from '../kernel/container.js';
import type { Host } from '../kernel/host.js';
import type { ModuleContext } from '../kernel/module.js';
import { errorHandler } from './errors.js';
import { requireAuth } from './guards.js';
import { refuseNul } from './hostile-input.js';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD, jsonOnce } from './json-once.js';
import { gatedRoutes } from './router-gate.js';
import { securityHeaders } from './security-headers.js';
import { staticUi } from './static-ui.js';
import type { AppState } from './types.js';

/** The Koa application: request scope, error mapping, `/api` routes (public, private, plugins), then the UI. */
export function createApp(context: ModuleContext, host: Host): Koa<AppState> {
  const { root } = context;
  const { config, logger, accessGate } = root.cradle;
  // Behind TLS proxies (TRUST_PROXY): ctx.secure (the refresh cookie's Secure), ctx.origin and ctx.ip follow
  // X-Forwarded-*; the address is the one the nearest trusted proxy appended, never one the client wrote before it.
  const app = new Koa<AppState>({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy });
  // First, so every request counts from arrival to its last middleware: background jobs wait for the gaps (jobs.quiet).
  app.use(root.cradle.serverLoad.track);
  app.use(securityHeaders());
  // API answers of 1 KiB or more, compressed as sent (brotli at a fast level, json-once.ts): ticket and message pages
  // are JSON that shrinks five- to tenfold. Static files come precompressed (static-ui.ts) and are left as they are.
  app.use(
    compress({
      threshold: COMPRESS_THRESHOLD,
      br: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      deflate: false,
    }),
  );
  // Inside compression: a JSON answer becomes its text once, and up to 256 KiB its compressed bytes at once
  // (koa-compress leaves an encoded answer alone and streams the rest: large JSON, streams, text).
  app.use(jsonOnce());
  app.use(async (ctx, next) => {
    const scope = createRequestScope(root);
    ctx.state.scope = scope;
    ctx.state.services = scope.cradle;
    // Forked when first read: a request that never reads it (a static file, a 404, a refused body) forks none.
    Object.defineProperty(ctx.state, 'em', {
      get: () => scope.cradle.em,
      enumerable: true,
      configurable: true,
    });
    ctx.state.logger = logger;
    await next();
  });
  app.use(errorHandler);
  // The raw text is kept beside the parsed body: webhooks sign the bytes they sent (PublicRouteState.rawBody).
  app.use(
    koaBody({ jsonLimit: '1mb', text: false, urlencoded: true, multipart: false, includeUnparsed: true }),
  );
  app.use(refuseNul);

  const open = new Router<AppState>({ prefix: '/api' });
  const closed = new Router<AppState>({ prefix: '/api' });
  closed.use(requireAuth(accessGate));
  host.mountRoutes(closed, open, context);

  const { plugins } = host;
  // Plugins' public routes first: a public path the spec names inside a core prefix (POST /api/messages/send, the
  // external API, beside the attendants' POST /api/messages/:ticketId) is reached instead of core's login guard.
  // A public router's middleware runs only for its own paths, so nothing else changes.
  for (const router of [...plugins.mountPublic(root), open, closed, ...plugins.mount(root)]) {
    app.use(gatedRoutes(router));
    app.use(router.allowedMethods());
  }
  app.use(staticUi(config.uiDist));
  return app;
}
