import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatedRoutes } from './router-gate.js';

/** Routers shaped like the app's: a prefixed one with a guard, parameters, a trailing slash, a catch-all one. */
function routers(): Router[] {
  const api = new Router({ prefix: '/api' });
  api.use(async (ctx, next) => {
    ctx.set('x-guard', 'api');
    await next();
  });
  api.get('/tickets', (ctx) => {
    ctx.body = 'tickets';
  });
  api.put('/tickets/:id', (ctx) => {
    ctx.body = `ticket ${ctx.params.id}`;
  });
  api.get('/files/{*rest}', (ctx) => {
    ctx.body = 'files';
  });
  const hooks = new Router();
  hooks.post('/webhooks/meta/', (ctx) => {
    ctx.body = 'meta';
  });
  hooks.get('/webchat/:token', (ctx) => {
    ctx.body = `page ${ctx.params.token}`;
  });
  const any = new Router();
  any.get('/:anything', (ctx) => {
    ctx.body = `any ${ctx.params.anything}`;
  });
  return [hooks, api, any];
}

async function serve(gated: boolean) {
  const app = new Koa();
  for (const router of routers()) {
    app.use(gated ? gatedRoutes(router) : router.routes());
    app.use(router.allowedMethods());
  }
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return server;
}

const REQUESTS: [string, string][] = [
  ['GET', '/api/tickets'],
  ['GET', '/API/Tickets'],
  ['GET', '/api/tickets/'],
  ['PUT', '/api/tickets/7'],
  ['DELETE', '/api/tickets/7'],
  ['PATCH', '/api/tickets'],
  ['OPTIONS', '/api/tickets'],
  ['GET', '/api/files/a/b.txt'],
  ['GET', '/api/nothing'],
  ['POST', '/webhooks/meta'],
  ['POST', '/webhooks/meta/'],
  ['GET', '/webhooks/meta/'],
  ['GET', '/webchat/abc'],
  ['GET', '/WEBCHAT/abc'],
  ['GET', '/webchat/abc/embed.js'],
  ['GET', '/x'],
  ['POST', '/x'],
  ['GET', '/a/b/c'],
  ['GET', '/'],
];

describe('a gated router', () => {
  const servers: Awaited<ReturnType<typeof serve>>[] = [];
  beforeAll(async () => {
    servers.push(await serve(false), await serve(true));
  });
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it('answers every request as the router alone does (status, body, guard, Allow)', async () => {
    const answer = async (server: (typeof servers)[number], method: string, path: string) => {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
      return [res.status, await res.text(), res.headers.get('x-guard'), res.headers.get('allow')];
    };
    for (const [method, path] of REQUESTS) {
      const plain = await answer(servers[0], method, path);
      expect(await answer(servers[1], method, path), `${method} ${path}`).toEqual(plain);
    }
    // The cases above do reach each kind of answer.
    expect(await answer(servers[1], 'PUT', '/api/tickets/7')).toEqual([200, 'ticket 7', 'api', null]);
    expect((await answer(servers[1], 'DELETE', '/api/tickets/7'))[0]).toBe(405);
    expect((await answer(servers[1], 'GET', '/API/Tickets'))[1]).toBe('tickets');
    expect((await answer(servers[1], 'GET', '/x'))[1]).toBe('any x');
  });

  it('passes by a router none of whose routes can match without testing them; a catch-all one is always tested', async () => {
    const [hooks, , any] = routers();
    const hooksMatch = vi.spyOn(hooks, 'match');
    const anyMatch = vi.spyOn(any, 'match');
    const next = vi.fn(async () => undefined);
    const skipped = { path: '/api/tickets', method: 'GET' } as {
      path: string;
      method: string;
      matched?: unknown[];
    };
    await gatedRoutes(hooks)(skipped as never, next);
    expect(hooksMatch).not.toHaveBeenCalled();
    expect(next).toHaveBeenCalledTimes(1);
    expect(skipped.matched).toEqual([]);
    await gatedRoutes(hooks)({ path: '/WebChat/abc/x', method: 'GET' } as never, next);
    expect(hooksMatch).toHaveBeenCalledTimes(1);
    await gatedRoutes(any)({ path: '/api/tickets/7/x', method: 'GET' } as never, next);
    expect(anyMatch).toHaveBeenCalledTimes(1);
  });
});
