import Router from '@koa/router';
import type { AwilixContainer } from 'awilix';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { type Cradle, createRequestScope } from '../kernel/container.js';
import type { PluginHost } from '../kernel/plugin-host.js';
import { authRoutes } from '../modules/auth/auth-routes.js';
import { mediaRoutes } from '../modules/messages/media-storage.js';
import { publicPlansRoutes } from '../modules/plans/plans-routes.js';
import { CORE_MODULES } from '../modules/registry.js';
import { publicSystemRoutes, systemRoutes } from '../modules/system/system-routes.js';
import { errorHandler } from './errors.js';
import { requireAuth } from './guards.js';
import { refuseNul } from './hostile-input.js';
import { securityHeaders } from './security-headers.js';
import { staticUi } from './static-ui.js';
import type { AppState } from './types.js';

/** The Koa application: request scope, error mapping, `/api` routes (public, private, plugins), then the UI. */
export function createApp(root: AwilixContainer<Cradle>, host: PluginHost): Koa<AppState> {
  const { config, logger, tokens, accessGate } = root.cradle;
  // Behind TLS proxies (TRUST_PROXY): ctx.secure (the refresh cookie's Secure), ctx.origin and ctx.ip follow
  // X-Forwarded-*; the address is the one the nearest trusted proxy appended, never one the client wrote before it.
  const app = new Koa<AppState>({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy });
  app.use(securityHeaders());
  app.use(async (ctx, next) => {
    const scope = createRequestScope(root);
    ctx.state.scope = scope;
    ctx.state.services = scope.cradle;
    ctx.state.em = scope.cradle.em;
    ctx.state.logger = logger;
    await next();
  });
  app.use(errorHandler);
  app.use(koaBody({ jsonLimit: '1mb', text: false, urlencoded: true, multipart: false }));
  app.use(refuseNul);

  const open = new Router<AppState>({ prefix: '/api' });
  authRoutes(open, tokens, accessGate);
  publicPlansRoutes(open);
  publicSystemRoutes(open, host);
  mediaRoutes(open, config.dataDir);

  const closed = new Router<AppState>({ prefix: '/api' });
  closed.use(requireAuth(accessGate));
  systemRoutes(closed, host);
  for (const module of CORE_MODULES) module.routes?.(closed);

  for (const router of [open, closed, ...host.mount(root), ...host.mountPublic(root)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(staticUi(config.uiDist));
  return app;
}
