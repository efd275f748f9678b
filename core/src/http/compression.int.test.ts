import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createTestHost, type TestHost } from '@balcao/testing';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet as get } from '../testing/raw-get.js';
import { staticUi } from './static-ui.js';

describe('the built UI', () => {
  const script = `console.log(${JSON.stringify('balcão '.repeat(400))});`;
  let dist: string;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'balcao-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    const app = new Koa();
    app.use(staticUi(dist));
    server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts it, cached for good and varying by encoding', async () => {
    const res = await get(`${base}/assets/index-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(script.length / 5);
  });

  it('sends the gzip file to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await get(`${base}/assets/index-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(`${base}/assets/index-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('never caches index.html, the page that names the current build', async () => {
    for (const url of ['/index.html', '/tickets']) {
      const res = await get(`${base}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('API answers', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await createTestHost();
  });
  afterAll(() => host?.stop());

  it('a JSON answer of 1 KiB or more is compressed for a client that accepts it; a small one is not', async () => {
    const { token } = await host.login(host.admin.email, host.admin.password);
    const auth = { authorization: `Bearer ${token}` };
    const big = await get(`${host.url}/api/whatsapp`, { ...auth, 'accept-encoding': 'br, gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/Accept-Encoding/);
    const small = await get(`${host.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
