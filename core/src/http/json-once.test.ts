import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet as get } from '../testing/raw-get.js';
import { jsonOnce } from './json-once.js';

describe('jsonOnce (a JSON answer serialised once)', () => {
  let server: http.Server;
  let base: string;
  /** How often the answer was serialised: JSON.stringify calls toJSON each time. */
  let serialised = 0;
  const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Cliente ${i} — atendimento` }));
  /** Past COMPRESS_AT_ONCE_UP_TO as JSON: left to koa-compress's stream. */
  const hugeRows = Array.from({ length: 6000 }, (_, i) => ({
    id: i,
    body: `Mensagem número ${i} do cliente`,
  }));
  const answer = {
    toJSON: () => {
      serialised++;
      return { tickets: rows, count: rows.length };
    },
  };

  beforeAll(async () => {
    const app = new Koa();
    app.use(compress({ threshold: 1024, deflate: false }));
    app.use(jsonOnce());
    app.use(async (ctx) => {
      if (ctx.path === '/big') ctx.body = answer;
      else if (ctx.path === '/small') ctx.body = { ok: true };
      else if (ctx.path === '/huge') ctx.body = { rows: hugeRows };
      else if (ctx.path === '/left-alone') {
        ctx.compress = false;
        ctx.body = { tickets: rows };
      } else if (ctx.path === '/no-transform') {
        ctx.set('Cache-Control', 'no-transform');
        ctx.body = { tickets: rows };
      } else if (ctx.path === '/text') ctx.body = 'plain text';
      else if (ctx.path === '/error') {
        ctx.status = 409;
        ctx.body = { error: 'ERR_DUPLICATED_CONTACT' };
      }
    });
    server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  it('serialises once whether the answer is compressed or not, and sends the same JSON', async () => {
    for (const encoding of [undefined, 'br', 'gzip']) {
      serialised = 0;
      const res = await get(`${base}/big`, encoding ? { 'accept-encoding': encoding } : {});
      expect(serialised).toBe(1);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(decode(res.body, encoding))).toEqual({ tickets: rows, count: 200 });
      // Compressed at once, its length is known: it is not streamed in chunks.
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.headers['transfer-encoding']).toBeUndefined();
    }
  });

  it('prefers brotli, takes gzip where brotli is refused, and sends it plain to a client that wants neither', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await get(`${base}/big`, { 'accept-encoding': accept });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, expected]);
      expect(JSON.parse(decode(res.body, expected)).count).toBe(200);
    }
  });

  it('leaves a JSON text past 256 KiB to the compression stream, whole and compressed', async () => {
    const res = await get(`${base}/huge`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(decode(res.body, 'br')).rows).toEqual(hugeRows);
  });

  it('does not compress what a middleware left alone, nor the answer to a HEAD', async () => {
    for (const path of ['/left-alone', '/no-transform']) {
      const res = await get(`${base}${path}`, { 'accept-encoding': 'br, gzip' });
      expect([path, res.headers['content-encoding']]).toEqual([path, undefined]);
      expect(JSON.parse(res.body.toString()).tickets).toEqual(rows);
    }
    const head = await fetch(`${base}/big`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect([head.status, head.headers.get('content-encoding')]).toEqual([200, null]);
  });

  it('keeps small answers, errors and text as they were', async () => {
    const small = await get(`${base}/small`, { 'accept-encoding': 'br' });
    expect([small.headers['content-type'], small.headers['content-encoding'], small.body.toString()]).toEqual(
      ['application/json; charset=utf-8', undefined, '{"ok":true}'],
    );
    const error = await get(`${base}/error`);
    expect([error.status, error.headers['content-type'], error.body.toString()]).toEqual([
      409,
      'application/json; charset=utf-8',
      '{"error":"ERR_DUPLICATED_CONTACT"}',
    ]);
    const text = await get(`${base}/text`);
    expect([text.headers['content-type'], text.body.toString()]).toEqual([
      'text/plain; charset=utf-8',
      'plain text',
    ]);
  });
});

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}
