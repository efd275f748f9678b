import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
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
  const answer = {
    toJSON: () => {
      serialised++;
      return { tickets: rows, count: rows.length };
    },
  };

  beforeAll(async () => {
    const app = new Koa();
    app.use(compress({ threshold: 1024 }));
    app.use(jsonOnce());
    app.use(async (ctx) => {
      if (ctx.path === '/big') ctx.body = answer;
      else if (ctx.path === '/small') ctx.body = { ok: true };
      else if (ctx.path === '/text') ctx.body = 'plain text';
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
      const text = encoding === 'br' ? brotliDecompressSync(res.body).toString() : res.body.toString();
      if (encoding !== 'gzip') expect(JSON.parse(text)).toEqual({ tickets: rows, count: 200 });
      if (!encoding) expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
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
