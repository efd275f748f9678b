import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Kernel } from '../../kernel/kernel.js';
import { SESSION_ENDED_CLOSE } from '../../realtime/hub.js';
import { startSecondInstance } from '../../testing/second-instance.js';

let host: TestHost;
let second: Kernel | undefined;
const user = { email: 'ana@balcao.test', password: 'ana-pass' };

/** A signed-in session: its access token, its refresh cookie. */
async function signIn(): Promise<{ token: string; cookie: string }> {
  const res = await host.request('/api/auth/login', { body: user });
  expect(res.status).toBe(200);
  return { token: (await res.json()).token, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

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

const me = (token: string, baseUrl = host.url) =>
  fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

async function socketRefused(baseUrl: string, token: string): Promise<number> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?token=${token}`);
  return new Promise((resolve) =>
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
  );
}

beforeAll(async () => {
  host = await createTestHost();
  const { token } = await host.login(host.admin.email, host.admin.password);
  const created = await host.request('/api/users', { token, body: { name: 'Ana', ...user } });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await second?.stop();
  await host?.stop();
});

describe('an ended session ends its access at once', () => {
  it('logout: the access token is refused and the open socket is closed', async () => {
    const session = await signIn();
    const socket = await socketOf(host.url, session.token);
    expect(await me(session.token)).toBe(200);
    const out = await host.request('/api/auth/logout', { method: 'DELETE', token: session.token });
    expect(out.status).toBe(204);
    expect(await me(session.token)).toBe(401);
    await eventually(() => socket.closedWith() ?? undefined);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);
    expect(await socketRefused(host.url, session.token)).toBe(401);
  });

  it('a login elsewhere (takeover) ends the earlier session', async () => {
    const first = await signIn();
    const socket = await socketOf(host.url, first.token);
    const next = await signIn();
    expect(await me(first.token)).toBe(401);
    await eventually(() => socket.closedWith() ?? undefined);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);
    expect(await me(next.token)).toBe(200);
  });

  it('reuse of a rotated refresh token revokes the session: the newest access token is refused too', async () => {
    const stolen = await signIn();
    const rotated = await host.request('/api/auth/refresh_token', {
      method: 'POST',
      headers: { cookie: stolen.cookie },
    });
    expect(rotated.status).toBe(200);
    const fresh = (await rotated.json()).token as string;
    const socket = await socketOf(host.url, fresh);
    const reuse = await host.request('/api/auth/refresh_token', {
      method: 'POST',
      headers: { cookie: stolen.cookie },
    });
    expect(reuse.status).toBe(401);
    expect(await me(fresh)).toBe(401);
    await eventually(() => socket.closedWith() ?? undefined);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);
  });

  it('on another instance too: its socket closes and it refuses the token, without waiting for a cache', async () => {
    second = await startSecondInstance(host);
    const session = await signIn();
    // The second instance has checked (and so cached) the session as live.
    expect(await me(session.token, second.url)).toBe(200);
    const socket = await socketOf(second.url, session.token);
    // Both instances know of each other once the socket is open on the second (presence handshake).
    await eventually(async () => ((await me(session.token, second?.url)) === 200 ? true : undefined));
    await host.request('/api/auth/logout', { method: 'DELETE', token: session.token });
    await eventually(() => socket.closedWith() ?? undefined, 3_000);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);
    expect(await me(session.token, second.url)).toBe(401);
  });
});

describe("a company's Active switch (issue 24)", () => {
  it('switched off: its sessions end, its users cannot sign in (ERR_COMPANY_INACTIVE) nor refresh; on again, they can', async () => {
    const superToken = (await host.login(host.admin.email, host.admin.password)).token;
    const tenant = await createTenant(host, superToken, { name: 'Loja Desligada' });
    const login = () =>
      host.request('/api/auth/login', { body: { email: tenant.email, password: tenant.password } });
    const first = await login();
    expect(first.status).toBe(200);
    const token = (await first.json()).token as string;
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
    const socket = await socketOf(host.url, token);

    const setStatus = (status: boolean) =>
      host.request(`/api/companies/${tenant.companyId}`, {
        method: 'PUT',
        token: superToken,
        body: { status },
      });
    expect((await setStatus(false)).status).toBe(200);
    expect(await me(token)).toBe(401);
    await eventually(() => socket.closedWith() ?? undefined);
    expect(socket.closedWith()).toBe(SESSION_ENDED_CLOSE);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'ERR_COMPANY_INACTIVE' });
    const refresh = await host.request('/api/auth/refresh_token', { method: 'POST', headers: { cookie } });
    expect(refresh.status).toBe(401);

    expect((await setStatus(true)).status).toBe(200);
    expect((await login()).status).toBe(200);
  });

  it("the platform's company cannot be switched off (the super admin would be locked out)", async () => {
    const superToken = (await host.login(host.admin.email, host.admin.password)).token;
    const res = await host.request('/api/companies/1', {
      method: 'PUT',
      token: superToken,
      body: { status: false },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_PLATFORM_COMPANY' });
    expect(await me(superToken)).toBe(200);
  });
});
