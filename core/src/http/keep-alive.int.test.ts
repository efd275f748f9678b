import http from 'node:http';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HTTP_KEEP_ALIVE_MS } from './http-server.js';

/**
 * An idle keep-alive connection outlives Node's 5-second default (HTTP_KEEP_ALIVE_MS): a client that pauses a little
 * longer than that reuses it, instead of racing the server's close and failing with ECONNRESET.
 */
let host: TestHost;
beforeAll(async () => {
  host = await createTestHost();
});
afterAll(() => host?.stop());

function get(agent: http.Agent, path: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${host.url}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

it('a connection left idle for 6 seconds is still open for the next request', async () => {
  expect(HTTP_KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await get(agent, '/api/health')).toEqual({ status: 200, reused: false });
    await new Promise((r) => setTimeout(r, 6000));
    // Node's default would have closed it after 5 s: the agent would then open a new socket (reused: false).
    expect(await get(agent, '/api/health')).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
}, 20_000);
