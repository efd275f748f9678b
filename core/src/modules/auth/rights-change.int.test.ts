import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Kernel } from '../../kernel/kernel.js';
import { SESSION_ENDED_CLOSE } from '../../realtime/hub.js';
import { startSecondInstance } from '../../testing/second-instance.js';

let host: TestHost;
let second: Kernel | undefined;
let adminToken: string;
const bia = { name: 'Bia', email: 'bia@balcao.test', password: 'bia-pass' };
let biaId: number;

/** A socket on `baseUrl` with the close code it ends with (null while open). */
async function socketOf(baseUrl: string, token: string): Promise<{ closedWith(): number | null }> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?token=${token}`);
  let code: number | null = null;
  ws.on('close', (c) => {
    code = c;
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { closedWith: () => code };
}

/** Bia's token tries to create an admin account (admins only) on `baseUrl`: the status. */
async function createsAdmin(token: string, baseUrl = host.url, n = 0): Promise<number> {
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Mole ${n}`,
      email: `mole${n}-${Date.now()}@balcao.test`,
      password: 'mole-pass',
      profile: 'admin',
    }),
  });
  return res.status;
}

const setBia = (body: Record<string, unknown>) =>
  host.request(`/api/users/${biaId}`, { method: 'PUT', token: adminToken, body });

async function signInBia(): Promise<{ token: string; cookie: string }> {
  const res = await host.request('/api/auth/login', { body: { email: bia.email, password: bia.password } });
  expect(res.status).toBe(200);
  return { token: (await res.json()).token, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

beforeAll(async () => {
  host = await createTestHost();
  adminToken = (await host.login(host.admin.email, host.admin.password)).token;
  const plan = await host.request('/api/plans', {
    token: adminToken,
    body: { name: 'Roomy', users: 50, connections: 5, queues: 5, amount: '0' },
  });
  expect(plan.status).toBe(201);
  const company = await host.request(`/api/companies/${1}`, {
    method: 'PUT',
    token: adminToken,
    body: { planId: (await plan.json()).id },
  });
  expect(company.status).toBe(200);
  const created = await host.request('/api/users', { token: adminToken, body: { ...bia, profile: 'admin' } });
  expect(created.status).toBe(201);
  biaId = (await created.json()).id;
});
afterAll(async () => {
  await second?.stop();
  await host?.stop();
});

describe("a change of a user's rights takes effect at their next request", () => {
  it('a demoted admin cannot create an admin with the old token; the socket closes; a refreshed token has the new profile', async () => {
    const session = await signInBia();
    expect(await createsAdmin(session.token, host.url, 1)).toBe(201);
    const socket = await socketOf(host.url, session.token);

    expect((await setBia({ profile: 'user' })).status).toBe(200);
    expect(await createsAdmin(session.token, host.url, 2)).toBe(403);
    await eventually(() => socket.closedWith() ?? undefined);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);

    // The session itself goes on: the client's refresh gives a token with the live profile.
    const refreshed = await host.request('/api/auth/refresh_token', {
      method: 'POST',
      headers: { cookie: session.cookie },
    });
    expect(refreshed.status).toBe(200);
    expect((await refreshed.json()).user.profile).toBe('user');
    expect((await setBia({ profile: 'admin' })).status).toBe(200);
  });

  it('a promotion applies at the next request too, and closes the socket opened as the old profile', async () => {
    expect((await setBia({ profile: 'user' })).status).toBe(200);
    const session = await signInBia();
    expect(await createsAdmin(session.token, host.url, 5)).toBe(403);
    const socket = await socketOf(host.url, session.token);
    expect((await setBia({ profile: 'admin' })).status).toBe(200);
    expect(await createsAdmin(session.token, host.url, 6)).toBe(201);
    await eventually(() => socket.closedWith() ?? undefined);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);
  });

  it("an admin's reset of the password ends the user's session: token refused, socket closed, refresh refused", async () => {
    const session = await signInBia();
    const socket = await socketOf(host.url, session.token);
    expect((await setBia({ password: 'new-bia-pass' })).status).toBe(200);
    expect((await host.request('/api/auth/me', { token: session.token })).status).toBe(401);
    await eventually(() => socket.closedWith() ?? undefined);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);
    const refreshed = await host.request('/api/auth/refresh_token', {
      method: 'POST',
      headers: { cookie: session.cookie },
    });
    expect(refreshed.status).toBe(401);
    expect((await setBia({ password: bia.password })).status).toBe(200);
  });

  it('on another instance too: its socket closes and the demoted token is refused there, without waiting for a cache', async () => {
    second = await startSecondInstance(host);
    const session = await signInBia();
    // The second instance has checked (and so cached) the session with the admin profile.
    expect(await createsAdmin(session.token, second.url, 3)).toBe(201);
    const socket = await socketOf(second.url, session.token);
    // Both instances know of each other once the socket is open on the second (presence handshake).
    await eventually(async () =>
      (await fetch(`${second?.url}/api/auth/me`, { headers: { authorization: `Bearer ${session.token}` } }))
        .ok
        ? true
        : undefined,
    );
    expect((await setBia({ profile: 'user' })).status).toBe(200);
    await eventually(() => socket.closedWith() ?? undefined, 3_000);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);
    expect(await createsAdmin(session.token, second.url, 4)).toBe(403);
  });

  it("a change of the company's plan is forgotten by the other instance's plan gate at once", async () => {
    const gate = (second as Kernel).container.cradle.planGate;
    let forgotten = 0;
    const invalidate = gate.invalidate.bind(gate);
    gate.invalidate = () => {
      forgotten++;
      invalidate();
    };
    const plan = await host.request('/api/plans', {
      token: adminToken,
      body: { name: 'Other', users: 50, connections: 5, queues: 5, amount: '0', useCampaigns: true },
    });
    const planId = (await plan.json()).id;
    const company = await host.request(`/api/companies/${1}`, {
      method: 'PUT',
      token: adminToken,
      body: { planId },
    });
    expect(company.status).toBe(200);
    await eventually(() => (forgotten > 0 ? true : undefined), 3_000);
    expect((await gate.flags(1))?.useCampaigns).toBe(true);
  });
});
