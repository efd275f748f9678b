import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { recordPresence } from '../modules/users/user-presence.js';
import { openSocket } from '../testing/tenant-fixtures.js';
import {
  FRAME_OVERDRAFT,
  POLICY_VIOLATION_CLOSE,
  SOCKET_FRAME_LIMIT,
  USER_FRAME_LIMIT,
} from './frame-budget.js';
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

/** A ws client that keeps every frame it receives and tells how the server closed it. */
async function floodClient(token: string) {
  const ws = new WebSocket(`${host.url.replace('http', 'ws')}/ws?token=${token}`);
  const frames: { channel: string; data: Record<string, unknown> }[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  await eventually(() => frames.find((f) => f.channel === 'ready'));
  return { ws, frames, closed };
}

/** Another company's admin, signed in: a user of its own, whose frame budget no other test spends. */
async function freshUser(name: string): Promise<{ token: string; id: number }> {
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const tenant = await createTenant(host, superToken, { name });
  const { token: own, user } = await host.login(tenant.email, tenant.password);
  return { token: own, id: user.id };
}

describe('/ws against frame floods', () => {
  it("closes a socket that floods userStatus with 1008; others, /api/health and the user's presence writes stay sane", async () => {
    // The login above ended the host admin's earlier sessions: the bystander signs in again.
    const flooder = await freshUser('Enxurrada');
    const bystander = await openSocket(
      host.url,
      (await host.login(host.admin.email, host.admin.password)).token,
    );
    const hub = host.resolve<RealtimeHub>('realtime');
    const orm = host.resolve<MikroORM>('orm');
    const writes: boolean[] = [];
    hub.setPresenceHandler(async (who, online) => {
      if (who.id === flooder.id) writes.push(online);
      await recordPresence(orm.em.fork(), hub, who, online);
    });
    const client = await floodClient(flooder.token);
    for (let i = 0; i < 5_000; i++) client.ws.send('{"type":"userStatus"}');
    const health = await host.request('/api/health');
    expect(await client.closed).toBe(POLICY_VIOLATION_CLOSE);
    expect(health.status).toBe(200);
    // Warned once before it was closed.
    expect(client.frames.filter((f) => f.data.error === 'ERR_TOO_MANY_ATTEMPTS')).toHaveLength(1);
    expect((await host.request('/api/health')).status).toBe(200);
    bystander.send({ type: 'ping' });
    await eventually(() => bystander.frames.find((f) => f.channel === 'pong'));
    bystander.close();
    // Online at connect, one heartbeat write for the whole flood, offline at close.
    await eventually(() => (writes.at(-1) === false ? true : undefined));
    expect(writes).toEqual([true, true, false]);
  });

  it("shares one budget among a user's sockets: each within its own, together past theirs", async () => {
    const user = await freshUser('Muitas Abas');
    const sockets = await Promise.all(Array.from({ length: 5 }, () => floodClient(user.token)));
    // Under one socket's burst each; together far past the user's burst and overdraft (slack for a slow machine).
    const each = SOCKET_FRAME_LIMIT.burst - 1;
    expect(sockets.length * each).toBeGreaterThan(2 * (USER_FRAME_LIMIT.burst + FRAME_OVERDRAFT));
    for (const s of sockets) for (let i = 0; i < each; i++) s.ws.send('{"type":"ping"}');
    const first = await Promise.race(sockets.map((s) => s.closed));
    expect(first).toBe(POLICY_VIOLATION_CLOSE);
    expect(sockets.some((s) => s.frames.some((f) => f.data.error === 'ERR_TOO_MANY_ATTEMPTS'))).toBe(true);
    for (const s of sockets) s.ws.terminate();
  });
});
