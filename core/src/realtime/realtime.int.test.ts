import { companyChannel } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Kernel } from '../kernel/kernel.js';
import { startSecondInstance } from '../testing/second-instance.js';
import type { RealtimeHub } from './hub.js';

let host: TestHost;
let superToken: string;
let other: { token: string; companyId: number };
const sockets: WebSocket[] = [];

interface Frame {
  channel: string;
  data: Record<string, unknown>;
}

async function connect(baseUrl: string, token: string): Promise<{ ws: WebSocket; frames: Frame[] }> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?token=${token}`);
  sockets.push(ws);
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  // The server says `ready` once the socket's access is loaded; the tests look at what follows.
  await eventually(() => (frames.some((f) => f.channel === 'ready') ? true : undefined));
  frames.length = 0;
  return { ws, frames };
}

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const t = await createTenant(host, superToken, { name: 'Outra' });
  other = { token: (await host.login(t.email, t.password)).token, companyId: t.companyId };
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await host?.stop();
});

describe('/ws', () => {
  it('refuses a connection without a valid token', async () => {
    for (const token of ['', 'garbage']) {
      const ws = new WebSocket(`${host.url.replace('http', 'ws')}/ws?token=${token}`);
      const status = await new Promise<number>((resolve) =>
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
      );
      expect(status).toBe(401);
    }
  });

  it("delivers a company's events to its sockets and never to another company's", async () => {
    const mine = await connect(host.url, superToken);
    const theirs = await connect(host.url, other.token);
    const realtime = host.resolve<RealtimeHub>('realtime');
    await realtime.publish({
      companyId: 1,
      channel: companyChannel(1, 'ticket'),
      data: { action: 'update', secret: 42 },
    });
    await realtime.publish({
      companyId: other.companyId,
      channel: companyChannel(other.companyId, 'ticket'),
      data: { action: 'mark' },
    });
    await eventually(() => (theirs.frames.some((f) => f.data.action === 'mark') ? true : undefined));
    expect(mine.frames).toContainEqual({
      channel: 'company-1-ticket',
      data: { action: 'update', secret: 42 },
    });
    expect(theirs.frames.some((f) => f.channel === 'company-1-ticket')).toBe(false);
  });

  it('authorises every join: notification rooms yes, a ticket the user may not see no', async () => {
    const { ws, frames } = await connect(host.url, superToken);
    ws.send(JSON.stringify({ type: 'joinNotification' }));
    ws.send(JSON.stringify({ type: 'joinChatBox', ticketId: 7 }));
    ws.send(JSON.stringify({ type: 'bogus' }));
    await eventually(() => (frames.length >= 3 ? true : undefined));
    expect(frames).toContainEqual({ channel: 'joined', data: { room: 'notification' } });
    expect(frames).toContainEqual({
      channel: 'error',
      data: { error: 'ERR_NO_PERMISSION', room: 'ticket:7' },
    });
    expect(frames).toContainEqual({ channel: 'error', data: { error: 'ERR_VALIDATION' } });
    const realtime = host.resolve<RealtimeHub>('realtime');
    await realtime.publish({
      companyId: 1,
      room: 'ticket:7',
      channel: 'company-1-appMessage',
      data: { leaked: true },
    });
    await realtime.publish({
      companyId: 1,
      room: 'notification',
      channel: 'company-1-ticket',
      data: { note: true },
    });
    await eventually(() => (frames.some((f) => f.data.note) ? true : undefined));
    expect(frames.some((f) => f.data.leaked)).toBe(false);
  });

  it('a second login of the same account tells the first session on company-{id}-auth', async () => {
    const first = await connect(host.url, superToken);
    const second = await host.login(host.admin.email, host.admin.password);
    const frame = await eventually(() => first.frames.find((f) => f.channel === 'company-1-auth'));
    const sessionId = JSON.parse(Buffer.from(second.token.split('.')[1], 'base64url').toString()).sessionId;
    expect(frame.data).toEqual({ action: 'update', user: { id: 1 }, sessionId });
    superToken = second.token;
  });

  it('marks a user online while a socket is open, and tells the company when that flips', async () => {
    // Two new users of the other company: one watches its user channel (the Users screen's status column), the other
    // signs in (online: told once), opens a socket (no change: not told) and closes it (offline: told).
    const add = async (name: string, email: string) => {
      const res = await host.request('/api/users', {
        token: other.token,
        body: { name, email, password: 'pessoa-pass', profile: 'admin' },
      });
      expect(res.status).toBe(201);
      return { id: (await res.json()).id as number, token: (await host.login(email, 'pessoa-pass')).token };
    };
    const watcher = await connect(host.url, (await add('Vigia', 'vigia@outra.test')).token);
    const subject = await add('Sujeito', 'sujeito@outra.test');
    const me = async () => (await host.request('/api/auth/me', { token: subject.token })).json();
    const presence = (online: boolean) =>
      watcher.frames.filter(
        (f) =>
          f.channel === `company-${other.companyId}-user` &&
          f.data.action === 'presence' &&
          f.data.userId === subject.id &&
          f.data.online === online,
      );
    const { ws } = await connect(host.url, subject.token);
    await eventually(async () => ((await me()).online ? true : undefined));
    await eventually(() => (presence(true).length === 1 ? true : undefined));
    ws.close();
    await eventually(() => (presence(false).length === 1 ? true : undefined));
    expect((await me()).online).toBe(false);
    // Only flips are told: one of each.
    expect(presence(true)).toHaveLength(1);
  });
});

describe('across instances', () => {
  let second: Kernel;
  afterAll(() => second?.stop());

  it('an event published on one instance reaches sockets on another (LISTEN/NOTIFY), large ones too', async () => {
    second = await startSecondInstance(host);
    const onSecond = await connect(second.url, superToken);
    const realtime = host.resolve<RealtimeHub>('realtime');
    await realtime.publish({ companyId: 1, channel: 'company-1-ticket', data: { action: 'small' } });
    const big = 'x'.repeat(20_000);
    await realtime.publish({ companyId: 1, channel: 'company-1-ticket', data: { action: 'big', big } });
    // Only the ticket channel counts: the socket's own user may also be told its presence flip, from either instance.
    const tickets = () => onSecond.frames.filter((f) => f.channel === 'company-1-ticket');
    await eventually(() => (tickets().some((f) => f.data.action === 'big') ? true : undefined));
    expect(tickets().map((f) => f.data.action)).toEqual(['small', 'big']);
    expect(tickets()[1].data.big).toBe(big);
    // Published at once, they share statements, arrive in order, and equal envelopes stay two.
    const burst = Array.from({ length: 30 }, (_, i) => `burst-${i % 15}`);
    await Promise.all(
      burst.map((action) =>
        realtime.publish({ companyId: 1, channel: 'company-1-ticket', data: { action } }),
      ),
    );
    await eventually(() => (tickets().length === 2 + burst.length ? true : undefined));
    expect(
      tickets()
        .slice(2)
        .map((f) => f.data.action),
    ).toEqual(burst);
  });
});
