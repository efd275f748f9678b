import { loginSchema, signupSchema } from '@balcao/sdk';
import type { Context } from 'koa';
import { requireAuth } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { validate } from '../../http/validate.js';
import type { AccessGate } from './access-gate.js';
import type { IssuedSession } from './auth-service.js';
import { REFRESH_COOKIE, REFRESH_TTL_MS, type Tokens } from './tokens.js';

function answer(ctx: Context, session: IssuedSession): void {
  ctx.cookies.set(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: REFRESH_TTL_MS,
    secure: ctx.secure,
  });
  ctx.body = { token: session.token, user: session.user };
}

export function authRoutes(router: AppRouter, tokens: Tokens, gate: AccessGate): void {
  router.post('/auth/login', async (ctx) => {
    const input = validate(loginSchema, ctx.request.body);
    answer(ctx, await ctx.state.services.auth.login(input, { ip: ctx.ip, userAgent: ctx.get('user-agent') }));
  });

  router.post('/auth/refresh_token', async (ctx) => {
    answer(ctx, await ctx.state.services.auth.refresh(ctx.cookies.get(REFRESH_COOKIE)));
  });

  router.delete('/auth/logout', async (ctx) => {
    const header = ctx.get('authorization');
    const check = tokens.checkAccess(header.startsWith('Bearer ') ? header.slice(7) : undefined);
    const sessionId = check.ok ? check.user.sessionId : tokens.checkRefresh(ctx.cookies.get(REFRESH_COOKIE));
    await ctx.state.services.auth.logout(sessionId);
    ctx.cookies.set(REFRESH_COOKIE, null, { path: '/api/auth' });
    ctx.status = 204;
  });

  router.get('/auth/me', requireAuth(gate), async (ctx) => {
    ctx.body = await ctx.state.services.auth.me(ctx.state.user);
  });

  router.post('/auth/signup', async (ctx) => {
    const input = validate(signupSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.auth.signup(input, { ip: ctx.ip });
  });
}
