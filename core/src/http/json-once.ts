import { Stream } from 'node:stream';
import type { Middleware } from 'koa';

/**
 * Serialises a JSON answer once, as the inner neighbour of the compression middleware. Koa keeps an object body as an
 * object until it writes it; asking its length (koa-compress does, for its threshold, on every answer) stringifies it
 * whole, the write stringifies it again, and a compressed answer a third time: a ticket page of 24 KB was serialised
 * two or three times per request. Here it becomes its JSON text once, with its type kept (application/json) and its
 * length known from then on.
 */
export function jsonOnce(): Middleware {
  return async (ctx, next) => {
    await next();
    const { body } = ctx;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return;
    const type = ctx.response.get('Content-Type');
    ctx.body = JSON.stringify(body);
    if (type) ctx.set('Content-Type', type);
  };
}
