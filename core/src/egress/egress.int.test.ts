import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, definePlugin, type Logger } from '@balcao/sdk';
import { createTestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy } from './address-policy.js';
import { EgressClient } from './egress.js';

/** A local server standing in for an outside one (Typebot, n8n…), recording what reached it. */
let server: http.Server;
let base: string;
const seen: string[] = [];
let flaky = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/json') return res.end(JSON.stringify({ ok: true, q: url.searchParams.get('q') }));
    if (url.pathname === '/flaky') {
      flaky++;
      res.statusCode = flaky % 3 === 0 ? 200 : 503;
      return res.end(String(flaky));
    }
    if (url.pathname === '/big') return res.end('x'.repeat(2_000));
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', url.searchParams.get('to') ?? '/json');
      return res.end();
    }
    res.statusCode = 404;
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const lines: Record<string, unknown>[] = [];
const logger = {
  info: (o: Record<string, unknown>) => lines.push(o),
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  child: () => logger,
} as unknown as Logger;
const open = new EgressClient(new AddressPolicy(['127.0.0.1']), logger);
const closed = new EgressClient(new AddressPolicy(), logger);

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).code;
}

describe('egress address policy at connection time', () => {
  it('refuses loopback by address and by name before any byte is sent', async () => {
    seen.length = 0;
    expect(await refusal(closed.request({ url: `${base}/json` }))).toBe('ERR_EGRESS_BLOCKED');
    const port = new URL(base).port;
    expect(await refusal(closed.request({ url: `http://localhost:${port}/json` }))).toBe(
      'ERR_EGRESS_BLOCKED',
    );
    expect(await refusal(closed.request({ url: `http://[::ffff:127.0.0.1]:${port}/json` }))).toBe(
      'ERR_EGRESS_BLOCKED',
    );
    expect(seen).toEqual([]);
  });

  it('refuses a redirect to a private or metadata address, even from an allowed server', async () => {
    for (const to of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://[::1]/'])
      expect(await refusal(open.request({ url: `${base}/redirect?to=${encodeURIComponent(to)}` }))).toBe(
        'ERR_EGRESS_BLOCKED',
      );
  });

  it('refuses what is not an http(s) URL', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://x/', 'not a url'])
      expect(await refusal(open.request({ url }))).toBe('ERR_VALIDATION');
  });
});

describe('egress requests', () => {
  it('reaches an allowed address, follows a redirect, and parses JSON', async () => {
    const res = await open.request({ url: `${base}/redirect?to=/json?q=1` });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true, q: '1' });
  });

  it('retries an idempotent request on 503 with backoff, and never a POST unless asked', async () => {
    flaky = 0;
    const get = await open.request({ url: `${base}/flaky` });
    expect(get.status).toBe(200);
    expect(get.text()).toBe('3');
    flaky = 0;
    const post = await open.request({ url: `${base}/flaky`, method: 'POST', json: {} });
    expect(post.status).toBe(503);
    expect(flaky).toBe(1);
  });

  it('times out a server that never answers', async () => {
    expect(await refusal(open.request({ url: `${base}/hang`, timeoutMs: 200, retries: 0 }))).toBe(
      'ERR_EGRESS_TIMEOUT',
    );
  });

  it('refuses an answer past its size limit', async () => {
    expect(await refusal(open.request({ url: `${base}/big`, maxBytes: 1_000 }))).toBe('ERR_EGRESS_TOO_LARGE');
    expect((await open.request({ url: `${base}/big`, maxBytes: 5_000 })).body.length).toBe(2_000);
  });

  it('logs method, origin, path, status and time, never the query where tokens travel', async () => {
    lines.length = 0;
    await open.request({
      url: `${base}/json?q=s3cr3t-token`,
      headers: { authorization: 'Bearer s3cr3t-header' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', url: `${base}/json`, status: 200 });
    expect(JSON.stringify(lines)).not.toMatch(/s3cr3t/);
  });
});

describe('the http port of a plugin', () => {
  const caller = definePlugin({
    name: 'caller',
    requires: ['http'],
    routes(router) {
      router.post('/caller', async (ctx) => {
        const { url } = ctx.request.body as { url: string };
        const res = await ctx.state.deps.http.request({ url });
        ctx.body = { status: res.status, body: res.json() };
      });
    },
  });

  it('reaches what BALCAO_EGRESS_ALLOW lists and refuses the rest with 403 ERR_EGRESS_BLOCKED', async () => {
    const host = await createTestHost({ plugins: [caller], env: { BALCAO_EGRESS_ALLOW: '127.0.0.1' } });
    try {
      const { token } = await host.login(host.admin.email, host.admin.password);
      const ok = await host.request('/api/caller', { token, body: { url: `${base}/json?q=port` } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ status: 200, body: { ok: true, q: 'port' } });
      const metadata = await host.request('/api/caller', { token, body: { url: 'http://169.254.169.254/' } });
      expect(metadata.status).toBe(403);
      expect(await metadata.json()).toMatchObject({ error: 'ERR_EGRESS_BLOCKED' });
    } finally {
      await host.stop();
    }
  });
});
