import net from 'node:net';
import { definePlugin } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Raw TCP against every listener of the HTTP server (connection, clientError, upgrade, timeout): malformed request
 * lines, targets and headers each get an answer or a closed socket, and the server keeps serving. A listener that
 * throws stops the process (and fails this file with an uncaught exception).
 */
let host: TestHost;
let port: number;
/** A public route that takes longer than the body idle timeout to answer a request it received whole. */
const slow = definePlugin({
  name: 'slow',
  publicRoutes(router) {
    router.post('/slow', async (ctx) => {
      await new Promise((r) => setTimeout(r, 1_200));
      ctx.body = { received: ctx.request.body };
    });
  },
});
beforeAll(async () => {
  host = await createTestHost({ plugins: [slow], http: { bodyIdleMs: 500 } });
  port = Number(new URL(host.url).port);
});
afterAll(() => host?.stop());

/** Writes raw bytes, then collects what the server answers until it closes the socket (or 5 s pass). */
function raw(chunks: readonly (string | Buffer)[], opts: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const done = () => resolve(Buffer.concat(received).toString('latin1'));
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, 5_000);
    socket.on('data', (d) => received.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
      if (opts.end) socket.end();
    });
  });
}

const upgrade = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`;

async function expectAlive(): Promise<void> {
  const res = await fetch(`${host.url}/api/health`);
  expect(res.status).toBe(200);
}

describe('upgrade listener', () => {
  const targets = ['//[', 'http://[', '/ws?token=%', '//', '*', '/ws#[', '/\u0000ws', 'http://a:b@[::1/ws'];
  for (const target of targets) {
    it(`an upgrade to ${JSON.stringify(target)} is refused and the server lives`, async () => {
      const answer = await raw([upgrade(target)]);
      expect(answer).not.toMatch(/^HTTP\/1\.1 101/);
      await expectAlive();
    });
  }

  it('an upgrade to another path answers 400 ERR_BAD_REQUEST', async () => {
    const answer = await raw([upgrade('/api/health')]);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"error":"ERR_BAD_REQUEST"');
    await expectAlive();
  });

  it('an upgrade without a key, with a bad token or a bad version is refused', async () => {
    for (const req of [
      'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
      upgrade('/ws?token=not-a-token'),
      upgrade('/ws?guest=nobody&token=x'),
      upgrade('/ws?token=x').replace('Version: 13', 'Version: 99'),
    ]) {
      expect(await raw([req])).not.toMatch(/^HTTP\/1\.1 101/);
    }
    await expectAlive();
  });

  it('a connection reset in the middle of an upgrade leaves the server serving', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(upgrade('/ws?token=abc'));
        socket.resetAndDestroy();
        resolve();
      });
      socket.on('error', () => undefined);
    });
    await expectAlive();
  });
});

describe('clientError listener', () => {
  const malformed: Record<string, string | Buffer> = {
    'a request line that is not HTTP': 'GARBAGE\r\n\r\n',
    'an unknown HTTP version': 'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
    'a header without a colon': 'GET / HTTP/1.1\r\nHost x\r\n\r\n',
    'a NUL inside a header': 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n',
    'a space before the colon': 'GET / HTTP/1.1\r\nHost : x\r\n\r\n',
    'a bad chunk size':
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nab\r\n0\r\n\r\n',
    'both Content-Length and chunked':
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'a negative Content-Length': 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    'binary noise': Buffer.from([
      0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a,
    ]),
  };
  for (const [name, request] of Object.entries(malformed)) {
    it(`${name} answers 400 ERR_BAD_REQUEST and the server lives`, async () => {
      const answer = await raw([request]);
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      expect(answer).toContain('"error":"ERR_BAD_REQUEST"');
      await expectAlive();
    });
  }

  it('headers past the limit answer 431 ERR_HEADERS_TOO_LARGE', async () => {
    const answer = await raw([`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(answer).toContain('"error":"ERR_HEADERS_TOO_LARGE"');
    await expectAlive();
  });

  it('a target that is not a URL on a plain request answers 400 ERR_BAD_REQUEST, and a bad escape 4xx', async () => {
    for (const target of ['//[', 'http://[', 'http://a:b@[::1/api/health', '/\u0000api']) {
      const answer = await raw([`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]);
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
    }
    for (const target of ['/api/%', '/api/tickets/%E0%A4%A', '/%ZZ']) {
      const answer = await raw([`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]);
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
    }
    await expectAlive();
  });
});

describe('connection and timeout listeners', () => {
  it('a body that stops arriving answers 408 ERR_REQUEST_TIMEOUT and closes', async () => {
    const answer = await raw([
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"error":"ERR_REQUEST_TIMEOUT"');
    await expectAlive();
  });

  it('a request received whole is answered however long its handler takes past the idle timeout', async () => {
    const res = await fetch(`${host.url}/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: { a: 1 } });
  });

  it('many connections reset at once, mid-headers and mid-body, leave the server serving', async () => {
    await Promise.all(
      Array.from(
        { length: 50 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => {
              socket.write(
                i % 2 ? 'GET / HTTP/1.1\r\nHo' : 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nab',
              );
              setImmediate(() => {
                socket.resetAndDestroy();
                resolve();
              });
            });
            socket.on('error', () => resolve());
          }),
      ),
    );
    await expectAlive();
  });

  it('a half-closed connection that sent nothing is closed without an answer', async () => {
    expect(await raw([], { end: true })).toBe('');
    await expectAlive();
  });
});
