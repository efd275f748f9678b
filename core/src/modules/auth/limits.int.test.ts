import { AppError } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance } from '../../testing/second-instance.js';
import { AuthService } from './auth-service.js';
import { LoginLimiter, type LoginLimits } from './login-limiter.js';
import { SignupLimiter } from './signup-limiter.js';

// The smallest numbers that keep the defaults' shape (account = 2 × account-from-address, fewer failures per address
// under attack, address above both): each counted attempt costs a bcrypt comparison. The windows never end during a test.
const FAST: LoginLimits = {
  accountFromAddress: { points: 2, window: 600, lock: 600 },
  account: { points: 4, window: 600, perAddress: 1 },
  address: { points: 6, window: 600, lock: 300 },
};
/** retryAfter of a lock of `seconds` set a moment ago (a loaded machine may spend some of them before asking). */
const lockOf = (seconds: number) =>
  expect.toSatisfy((v: number) => v <= seconds && v > seconds - 30, `about ${seconds} s`);

const A = '10.0.0.1';
const B = '10.0.0.2';

let host: TestHost;
let orm: MikroORM;
let adminToken: string;
let planId: number;
let users = 0;

beforeAll(async () => {
  host = await createTestHost();
  orm = host.resolve<MikroORM>('orm');
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const tenant = await createTenant(host, superToken, { name: 'Limits Co', users: 50 });
  planId = tenant.planId;
  adminToken = (await host.login(tenant.email, tenant.password)).token;
});
afterAll(() => host?.stop());

/** A new attendant of the tenant: its own account, so no two tests share a counter. */
async function newUser(): Promise<{ email: string; password: string }> {
  users += 1;
  const user = { name: `Attendant ${users}`, email: `user${users}@limits.test`, password: `pass-${users}` };
  const res = await host.request('/api/users', { token: adminToken, body: user });
  expect(res.status).toBe(201);
  return user;
}

/** The auth service as a request would build it, with the given limiters. */
function auth(limiters: { login?: LoginLimiter; signup?: SignupLimiter } = {}): AuthService {
  return new AuthService({
    em: orm.em.fork(),
    tokens: host.resolve('tokens'),
    realtime: host.resolve('realtime'),
    events: host.resolve('events'),
    planGate: host.resolve('planGate'),
    accessGate: host.resolve('accessGate'),
    clock: host.resolve('clock'),
    loginLimiter: limiters.login ?? new LoginLimiter({ orm }, FAST),
    signupLimiter: limiters.signup ?? new SignupLimiter({ orm }),
  });
}

/** The HTTP status a login would answer, and retryAfter when refused. */
async function login(
  user: { email: string; password: string },
  ip: string,
  limiter = new LoginLimiter({ orm }, FAST),
): Promise<{ status: number; retryAfter?: unknown }> {
  try {
    await auth({ login: limiter }).login(user, { ip });
    return { status: 200 };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { status: e.status, retryAfter: e.details.retryAfter };
  }
}

const wrong = (user: { email: string }) => ({ email: user.email, password: 'not-the-password' });

describe('login limits', () => {
  it('an account guessed from one address is locked there, while its owner still logs in from another', async () => {
    const owner = await newUser();
    for (let i = 0; i < 2; i++) expect((await login(wrong(owner), A)).status).toBe(401);
    expect(await login(owner, A)).toEqual({ status: 429, retryAfter: lockOf(600) });
    expect((await login(owner, B)).status).toBe(200);
  });

  it("one account's failures do not lock the address for the other accounts there", async () => {
    const [guessed, colleague] = [await newUser(), await newUser()];
    for (let i = 0; i < 2; i++) await login(wrong(guessed), '10.0.0.3');
    expect((await login(guessed, '10.0.0.3')).status).toBe(429);
    expect((await login(colleague, '10.0.0.3')).status).toBe(200);
  });

  it('a flood through many accounts locks that address for everyone, and no other address', async () => {
    const ip = '10.0.1.1';
    const owner = await newUser();
    for (let i = 0; i < 6; i++) {
      expect((await login({ email: `stuffed${i}@nowhere.test`, password: 'x' }, ip)).status).toBe(401);
    }
    expect(await login(owner, ip)).toEqual({ status: 429, retryAfter: lockOf(300) });
    expect((await login(owner, '10.0.1.2')).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address: walking through it does not escape the limit', async () => {
    const owner = await newUser();
    for (let i = 1; i <= 6; i++)
      await login({ email: `walker${i}@nowhere.test`, password: 'x' }, `2001:db8:7:7::${i}`);
    expect((await login(owner, '2001:db8:7:7:ffff::99')).status).toBe(429);
    expect((await login(owner, '2001:db8:7:8::1')).status).toBe(200);
  });

  it('failures from many addresses never lock the account: past the threshold each address gets fewer tries, the owner still logs in', async () => {
    const owner = await newUser();
    for (const ip of ['10.0.2.1', '10.0.2.2']) {
      for (let i = 0; i < 2; i++) expect((await login(wrong(owner), ip)).status).toBe(401);
      // Refused attempts are not counted: a flood from a locked address adds nothing to the account.
      for (let i = 0; i < 3; i++) expect((await login(wrong(owner), ip)).status).toBe(429);
    }
    // Under attack: a new address gets one failure at the account, then is locked out of it.
    for (const ip of ['10.0.2.4', '10.0.2.5', '10.0.2.6']) {
      expect((await login(wrong(owner), ip)).status).toBe(401);
      expect(await login(owner, ip)).toEqual({ status: 429, retryAfter: lockOf(600) });
    }
    // The owner, from an address that has not failed, logs in; the attackers' addresses stay locked.
    expect((await login(owner, '10.0.2.3')).status).toBe(200);
    expect((await login(owner, '10.0.2.1')).status).toBe(429);
  });

  it('with the default limits, ten failures from two addresses and more from others leave the owner a login from a third', async () => {
    const owner = await newUser();
    const limiter = () => new LoginLimiter({ orm });
    for (const ip of ['10.0.9.1', '10.0.9.2']) {
      for (let i = 0; i < 5; i++) expect((await login(wrong(owner), ip, limiter())).status).toBe(401);
      expect(await login(owner, ip, limiter())).toEqual({ status: 429, retryAfter: lockOf(900) });
    }
    for (let i = 0; i < 2; i++) expect((await login(wrong(owner), '10.0.9.4', limiter())).status).toBe(401);
    expect((await login(owner, '10.0.9.4', limiter())).status).toBe(429);
    // One mistake of the owner's own still leaves a try (2 per address under attack).
    expect((await login(wrong(owner), '10.0.9.3', limiter())).status).toBe(401);
    expect((await login(owner, '10.0.9.3', limiter())).status).toBe(200);
  });

  it('a success clears the count of failures from that address (consecutive failures lock)', async () => {
    const owner = await newUser();
    for (let round = 0; round < 2; round++) {
      expect((await login(wrong(owner), '10.0.3.1')).status).toBe(401);
      expect((await login(owner, '10.0.3.1')).status).toBe(200);
    }
  });

  it('counts attempts while they run: a burst gets no more password checks than the limit', async () => {
    const owner = await newUser();
    // Only the account-from-address rule binds here, so the count is exact.
    const wide = { points: 100, window: 600, lock: 600 };
    const limiter = new LoginLimiter(
      { orm },
      { ...FAST, account: { points: 100, window: 600, perAddress: 1 }, address: wide },
    );
    await login(wrong(owner), '10.0.4.1', limiter);
    // Right passwords, so a checked attempt shows as 200: one attempt is left before the lock.
    const burst = await Promise.all(Array.from({ length: 6 }, () => login(owner, '10.0.4.1', limiter)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('concurrent successful logins of one account from one address all pass: the counts lock in one order, no deadlock', async () => {
    const owner = await newUser();
    const limiter = new LoginLimiter({ orm });
    for (let round = 0; round < 4; round++) {
      // 4 at once: under the default 5 per account and address, so each is counted, checked, cleared and taken back.
      const burst = await Promise.all(Array.from({ length: 4 }, () => login(owner, '10.0.4.9', limiter)));
      expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    }
  });

  it('keeps its counts in PostgreSQL: a new limiter (a restart, another instance) still refuses', async () => {
    const owner = await newUser();
    for (let i = 0; i < 2; i++) await login(wrong(owner), '10.0.5.1', new LoginLimiter({ orm }, FAST));
    expect((await login(owner, '10.0.5.1', new LoginLimiter({ orm }, FAST))).status).toBe(429);
  });

  it('lifts the lock once its time is over', async () => {
    const owner = await newUser();
    const brief = new LoginLimiter(
      { orm },
      { ...FAST, accountFromAddress: { points: 2, window: 60, lock: 2 } },
    );
    for (let i = 0; i < 2; i++) await login(wrong(owner), '10.0.6.1', brief);
    expect(await login(owner, '10.0.6.1', brief)).toEqual({ status: 429, retryAfter: lockOf(2) });
    await eventually(async () => ((await login(owner, '10.0.6.1', brief)).status === 200 ? true : undefined));
  });

  it('over HTTP, another instance on the same database sees the lock', async () => {
    const owner = await newUser();
    const body = wrong(owner);
    for (let i = 0; i < 5; i++) expect((await host.request('/api/auth/login', { body })).status).toBe(401);
    const second = await startSecondInstance(host);
    try {
      const res = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(owner),
      });
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ error: 'ERR_TOO_MANY_ATTEMPTS', retryAfter: lockOf(900) });
    } finally {
      await second.stop();
    }
  });
});

describe('signup limit', () => {
  const form = (n: number) => ({
    name: 'Maria Silva',
    companyName: `Signup Co ${n}`,
    email: `maria${n}@signup.test`,
    password: 'segredo',
    phone: '5511999990000',
    planId,
  });
  const signup = async (n: number, ip: string, limiter: SignupLimiter) => {
    try {
      await auth({ signup: limiter }).signup(form(n), { ip });
      return { status: 201 };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return { status: e.status, retryAfter: e.details.retryAfter };
    }
  };

  it('refuses an address after its signups of the hour, whatever their outcome, and no other address', async () => {
    const rule = { points: 2, window: 600, lock: 600 };
    expect((await signup(1, A, new SignupLimiter({ orm }, rule))).status).toBe(201);
    expect((await signup(1, A, new SignupLimiter({ orm }, rule))).status).toBe(409);
    // A new limiter reads the same counts: a restart does not reset them.
    expect(await signup(2, A, new SignupLimiter({ orm }, rule))).toEqual({
      status: 429,
      retryAfter: lockOf(600),
    });
    expect((await signup(2, B, new SignupLimiter({ orm }, rule))).status).toBe(201);
  });

  it('over HTTP: 5 signups an hour from one address, then 429 for an hour', async () => {
    for (let n = 10; n < 15; n++) {
      const res = await host.request('/api/auth/signup', { body: { ...form(n), planId: 999_999 } });
      expect(res.status).toBe(404);
    }
    const refused = await host.request('/api/auth/signup', { body: form(15) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'ERR_TOO_MANY_ATTEMPTS', retryAfter: lockOf(3600) });
  });
});
