import { AppError, type AuthUser } from '@balcao/sdk';
import { asValue } from 'awilix';
import type { Middleware } from 'koa';
import type { AppState } from './types.js';

/**
 * What authentication asks of the access gate (the auth module's AccessGate): the user a bearer token stands for, or
 * why not. Declared here, below the modules, so the HTTP layer and the plugin host import no module.
 */
export interface AccessCheck {
  check(
    token: string | undefined,
  ): Promise<{ ok: true; user: AuthUser } | { ok: false; reason: 'missing' | 'invalid' | 'expired' }>;
}

/**
 * Authenticates the bearer token (and that its login session lives) and scopes the request's entity manager to the
 * user's company. Missing or bad token, or an ended session → 401; expired → 403 so the client refreshes once and retries.
 */
export function requireAuth(gate: AccessCheck): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const token = header.startsWith('Bearer ') ? header.slice(7) : undefined;
    const check = await gate.check(token);
    if (!check.ok) throw new AppError('ERR_SESSION_EXPIRED', check.reason === 'expired' ? 403 : 401);
    ctx.state.user = check.user;
    ctx.state.companyId = check.user.companyId;
    ctx.state.em.setFilterParams('tenant', { companyId: check.user.companyId });
    ctx.state.scope.register({ user: asValue(check.user), companyId: asValue(check.user.companyId) });
    ctx.state.logger = ctx.state.logger.child({ userId: check.user.id, companyId: check.user.companyId });
    await next();
  };
}

/** Super users only (companies, plans, platform settings). */
export const requireSuper: Middleware<AppState> = async (ctx, next) => {
  if (!ctx.state.user?.super) throw new AppError('ERR_NO_PERMISSION', 403);
  await next();
};

/** Profile admin (or a super user). */
export const requireAdmin: Middleware<AppState> = async (ctx, next) => {
  if (ctx.state.user?.profile !== 'admin' && !ctx.state.user?.super)
    throw new AppError('ERR_NO_PERMISSION', 403);
  await next();
};
