import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../testing/tenant-fixtures.js';
import type { RealtimeHub } from './hub.js';

let host: TestHost;
let token: string;

/** Opens `/ws` on a raw TCP socket (so the test can write frames no WebSocket library would send). */
async function rawSocket(query: string): Promise<net.Socket> {
  const { port } = new URL(host.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    [
      `GET /ws?${query} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  const head = await new Promise<string>((resolve) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      resolve(seen);
    };
    socket.on('data', onData);
  });
  expect(head.startsWith('HTTP/1.1 101')).toBe(true);
  socket.on('error', () => {});
  return socket;
}

/** A client frame: FIN + opcode in the first byte, masked unless told otherwise. */
function frame(
  first: number,
  payload: Buffer,
  opts: { masked?: boolean; declaredLength?: number } = {},
): Buffer {
  const masked = opts.masked ?? true;
  const length = opts.declaredLength ?? payload.length;
  const header =
    length < 126
      ? Buffer.from([first, (masked ? 0x80 : 0) | length])
      : Buffer.concat([Buffer.from([first, (masked ? 0x80 : 0) | 127]), u64(length)]);
  if (!masked) return Buffer.concat([header, payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([header, mask, body]);
}

function u64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

const BAD_FRAMES: Record<string, Buffer> = {
  'a reserved opcode': frame(0x83, Buffer.alloc(0)),
  'an unmasked client frame': frame(0x81, Buffer.from('{"type":"ping"}'), { masked: false }),
  'a frame past maxPayload': frame(0x82, Buffer.alloc(16), { declaredLength: 64 * 1024 * 1024 }),
  'RSV1 without an extension': frame(0xc1, Buffer.from('x')),
  'invalid UTF-8 in a text frame': frame(0x81, Buffer.from([0xff, 0xfe, 0xfd])),
  'a fragmented control frame': frame(0x09, Buffer.from('ping')),
  'a control frame over 125 bytes': Buffer.concat([
    Buffer.from([0x89, 0x80 | 126, 0, 200]),
    randomBytes(204),
  ]),
  'a continuation with nothing to continue': frame(0x80, Buffer.from('x')),
};

beforeAll(async () => {
  host = await createTestHost();
  token = (await host.login(host.admin.email, host.admin.password)).token;
  // A guest kind of the test's own, as a web chat page opens one.
  host
    .resolve<RealtimeHub>('realtime')
    .defineGuest('hostile-test', async () => ({ companyId: 1, room: 'guest:x' }));
});
afterAll(async () => {
  await host?.stop();
});

describe('/ws against frames the protocol forbids', () => {
  for (const [who, query] of [
    ['an attendant', () => `token=${token}`],
    ['a guest', () => 'guest=hostile-test'],
  ] as const) {
    it(`closes ${who}'s socket alone on each bad frame; the server and other sockets live on`, async () => {
      const bystander = await openSocket(host.url, token);
      for (const [name, bytes] of Object.entries(BAD_FRAMES)) {
        const socket = await rawSocket(query());
        const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        socket.write(bytes);
        await expect(
          Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 5_000))]),
          name,
        ).resolves.toBe('closed');
        expect((await host.request('/api/health')).status, name).toBe(200);
        bystander.send({ type: 'ping' });
        await eventually(() => bystander.frames.find((f) => f.channel === 'pong'));
        bystander.frames.length = 0;
      }
      bystander.close();
    });
  }

  it('drops a socket whose TCP connection breaks mid-frame without harm', async () => {
    const socket = await rawSocket(`token=${token}`);
    socket.write(frame(0x81, Buffer.from('{"type":"pi')).subarray(0, 8));
    socket.resetAndDestroy();
    await eventually(async () => ((await host.request('/api/health')).status === 200 ? true : undefined));
  });
});
