import { Stream } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Context, Middleware } from 'koa';

/** Answers of this size or more are compressed for a client that accepts it (koa-compress's threshold too). */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Brotli's quality for answers compressed as they are sent. On a 24 KB ticket list (docs/benchmarks.md) quality 3
 * takes 0.13–0.25 ms and 4 0.23–0.30 ms for 0.6–1 % fewer bytes; 2 is as fast as 3 but 2–12 % larger; gzip's default
 * is as slow as 4 and larger than both.
 */
export const BROTLI_QUALITY = 3;
/**
 * A JSON text up to this size is compressed at once, on the request's own turn (a 24 KB ticket page takes 0.1–0.3
 * ms); a larger one is left to koa-compress's stream, which yields to other requests while it works.
 */
export const COMPRESS_AT_ONCE_UP_TO = 256 * 1024;

const EMPTY_STATUSES = new Set([204, 205, 206, 304]);

/**
 * Serialises a JSON answer once, and compresses it at once, as the inner neighbour of koa-compress. Koa keeps an
 * object body as an object until it writes it; asking its length (koa-compress does, for its threshold, on every
 * answer) stringifies it whole, the write stringifies it again, and a compressed answer a third time. And
 * koa-compress compresses through a zlib stream made for each answer, which cost a ticket list about 1 ms of server
 * CPU more than the compression itself (docs/benchmarks.md). Here the answer becomes its JSON text once, with its type
 * kept (application/json); if it is at least COMPRESS_THRESHOLD and at most COMPRESS_AT_ONCE_UP_TO long and the
 * client accepts brotli or gzip, it becomes the compressed bytes with their Content-Encoding, which koa-compress then
 * leaves as they are (it still negotiates, and sets `Vary: Accept-Encoding` on every answer).
 */
export function jsonOnce(): Middleware {
  return async (ctx, next) => {
    await next();
    const { body } = ctx;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return;
    const type = ctx.response.get('Content-Type');
    const text = JSON.stringify(body);
    const encoding =
      text.length >= COMPRESS_THRESHOLD && text.length <= COMPRESS_AT_ONCE_UP_TO && encodingFor(ctx);
    if (encoding) {
      ctx.body = encoding === 'br' ? brotli(text) : gzipSync(text);
      ctx.set('Content-Encoding', encoding);
      ctx.set('Content-Type', type || 'application/json; charset=utf-8');
      return;
    }
    ctx.body = text;
    if (type) ctx.set('Content-Type', type);
  };
}

function brotli(text: string): Buffer {
  return brotliCompressSync(text, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
}

/**
 * Brotli if the client accepts it, else gzip if it accepts that; none for a HEAD, an answer without a body, one a
 * middleware asked to leave alone (`ctx.compress = false`, `Cache-Control: no-transform`) or already encoded.
 * Any encoding the client accepts (q > 0) is its choice to receive; brotli is preferred for being smaller.
 */
function encodingFor(ctx: Context): 'br' | 'gzip' | false {
  if (
    ctx.method === 'HEAD' ||
    EMPTY_STATUSES.has(ctx.status) ||
    ctx.compress === false ||
    ctx.response.get('Content-Encoding') ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/.test(ctx.response.get('Cache-Control'))
  ) {
    return false;
  }
  const accepted = ctx.acceptsEncodings();
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return false;
}
