import { companyToday } from '@balcao/sdk';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let host: TestHost;
let superToken: string;

beforeAll(async () => {
  // Signups from their own addresses (X-Forwarded-For) where a test needs more than the 5 an hour one address gets.
  host = await createTestHost({ env: { TRUST_PROXY: 'true' } });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0];

describe('login', () => {
  it('answers a token and the user with company, plan and settings, and sets an httpOnly refresh cookie', async () => {
    const res = await host.request('/api/auth/login', {
      body: { email: 'ADMIN@admin.com', password: host.admin.password },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/jrt=.+; path=\/api\/auth;.*httponly/i);
    const body = await res.json();
    expect(body.token).toEqual(expect.any(String));
    // A new login of the account ends its earlier session: the tests go on with this one.
    superToken = body.token;
    expect(body.user).toMatchObject({
      id: 1,
      super: true,
      profile: 'admin',
      company: { id: 1, name: 'Balcão' },
    });
    expect(body.user.company.dueDate).toBe('2999-12-31');
    expect(body.user.company.plan.useKanban).toBe(true);
    expect(body.user.companieSettings).toContainEqual({ key: 'requiredTag', value: 'disabled' });
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('refuses a wrong password with ERR_INVALID_CREDENTIALS', async () => {
    const res = await host.request('/api/auth/login', {
      body: { email: host.admin.email, password: 'nope' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
  });

  it('names the missing fields', async () => {
    const res = await host.request('/api/auth/login', { body: { email: '' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'password']);
  });

  it('locks an account from an address after 5 failures, for 15 minutes', async () => {
    const body = { email: 'victim@nowhere.test', password: 'x' };
    const headers = { 'x-forwarded-for': '1.2.3.4' };
    for (let i = 0; i < 5; i++)
      expect((await host.request('/api/auth/login', { body, headers })).status).toBe(401);
    const locked = await host.request('/api/auth/login', { body, headers });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({
      error: 'ERR_TOO_MANY_ATTEMPTS',
      retryAfter: expect.toSatisfy((v: number) => v <= 900 && v > 870),
    });
  });

  it('answers an unknown e-mail in about the time of a known one, so timing does not tell which accounts exist', async () => {
    const tenant = await createTenant(host, superToken, { name: 'Timing Co' });
    const timeFailure = async (email: string) => {
      const started = performance.now();
      const res = await host.request('/api/auth/login', { body: { email, password: 'wrong-password' } });
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await timeFailure(tenant.email));
      unknown.push(await timeFailure(`nobody-${i}@timing.test`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
    // A bcrypt comparison is most of a known account's answer; without one an unknown e-mail answers many times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) / 2);
  });

  it('refuses a company whose due date passed, with the date; company 1 never expires', async () => {
    const tenant = await createTenant(host, superToken, { name: 'Expired Co', dueDate: '2020-01-31' });
    const res = await host.request('/api/auth/login', {
      body: { email: tenant.email, password: tenant.password },
    });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: '2020-01-31' });
  });

  it("refuses a company on its due day itself (the company's calendar, as the UI's guard decides), not the day before", async () => {
    const today = companyToday();
    const tomorrow = companyToday(new Date(Date.now() + 86_400_000));
    const dueToday = await createTenant(host, superToken, { name: 'Due Today Co', dueDate: today });
    const dueTomorrow = await createTenant(host, superToken, { name: 'Due Tomorrow Co', dueDate: tomorrow });
    const refused = await host.request('/api/auth/login', {
      body: { email: dueToday.email, password: dueToday.password },
    });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: today });
    const allowed = await host.request('/api/auth/login', {
      body: { email: dueTomorrow.email, password: dueTomorrow.password },
    });
    expect(allowed.status).toBe(200);
  });
});

describe('tokens', () => {
  it('answers 401 without a token and with a bad one', async () => {
    expect((await host.request('/api/auth/me')).status).toBe(401);
    expect((await host.request('/api/auth/me', { token: 'garbage' })).status).toBe(401);
  });

  it('answers 403 ERR_SESSION_EXPIRED for an expired access token so the client refreshes', async () => {
    const expired = jwt.sign(
      {
        id: 1,
        companyId: 1,
        profile: 'admin',
        super: true,
        sessionId: 'x',
        exp: Math.floor(Date.now() / 1000) - 10,
      },
      'test-access-secret-0123456789',
    );
    const res = await host.request('/api/auth/me', { token: expired });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });

  it('rotates the refresh token; replaying a rotated token revokes the session', async () => {
    const login = await host.request('/api/auth/login', {
      body: { email: host.admin.email, password: host.admin.password },
    });
    const first = cookieOf(login);
    const refreshed = await host.request('/api/auth/refresh_token', {
      method: 'POST',
      headers: { cookie: first },
    });
    expect(refreshed.status).toBe(200);
    const second = cookieOf(refreshed);
    expect(second).not.toBe(first);
    expect((await refreshed.json()).user.id).toBe(1);

    const replay = await host.request('/api/auth/refresh_token', {
      method: 'POST',
      headers: { cookie: first },
    });
    expect(replay.status).toBe(401);
    const afterTheft = await host.request('/api/auth/refresh_token', {
      method: 'POST',
      headers: { cookie: second },
    });
    expect(afterTheft.status).toBe(401);
  });

  it('logout ends the session', async () => {
    const login = await host.request('/api/auth/login', {
      body: { email: host.admin.email, password: host.admin.password },
    });
    const cookie = cookieOf(login);
    const { token } = await login.json();
    expect((await host.request('/api/auth/logout', { method: 'DELETE', token })).status).toBe(204);
    expect(
      (await host.request('/api/auth/refresh_token', { method: 'POST', headers: { cookie } })).status,
    ).toBe(401);
  });

  it('a new login of the same account ends the earlier session', async () => {
    const a = await host.request('/api/auth/login', {
      body: { email: host.admin.email, password: host.admin.password },
    });
    await host.request('/api/auth/login', {
      body: { email: host.admin.email, password: host.admin.password },
    });
    expect(
      (await host.request('/api/auth/refresh_token', { method: 'POST', headers: { cookie: cookieOf(a) } }))
        .status,
    ).toBe(401);
    superToken = (await host.login(host.admin.email, host.admin.password)).token;
  });
});

// Signups from one address are limited to 5 an hour (limits.int.test.ts): these tests make 4.
describe('signup', () => {
  const form = {
    name: 'Maria Silva',
    companyName: 'Padaria Central',
    email: 'maria@padaria.test',
    password: 'segredo',
    phone: '5511999990000',
  };

  it('creates a company on a 3-day trial whose admin can log in', async () => {
    const plans = await (await host.request('/api/plans/list')).json();
    const res = await host.request('/api/auth/signup', { body: { ...form, planId: plans[0].id } });
    expect(res.status).toBe(201);
    const { user } = await host.login(form.email, form.password);
    const due = new Date();
    due.setUTCDate(due.getUTCDate() + 3);
    expect(user).toMatchObject({ profile: 'admin', super: false, name: form.name });
    expect(user.company).toMatchObject({
      name: form.companyName,
      dueDate: due.toISOString().slice(0, 10),
      status: true,
    });
  });

  it("keeps the signup phone as the admin's WhatsApp number (password reset) unless another account holds it", async () => {
    const { user } = await host.login(form.email, form.password);
    expect(user.wpp).toBe('5511999990000');
    const plans = await (await host.request('/api/plans/list')).json();
    const second = {
      ...form,
      companyName: 'Padaria Norte 2',
      email: 'joao@padaria.test',
      planId: plans[0].id,
    };
    expect((await host.request('/api/auth/signup', { body: second })).status).toBe(201);
    expect((await host.login(second.email, second.password)).user.wpp).toBeNull();
  });

  it('answers a taken e-mail (of any company) exactly as a new one, creating nothing; names invalid fields', async () => {
    const plans = await (await host.request('/api/plans/list')).json();
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const fresh = await host.request('/api/auth/signup', {
      headers: from('10.7.0.1'),
      body: { ...form, companyName: 'Fresh Co', email: 'fresh@padaria.test', planId: plans[0].id },
    });
    const dup = await host.request('/api/auth/signup', {
      headers: from('10.7.0.2'),
      body: { ...form, companyName: 'Other', password: 'other-pass', planId: plans[0].id },
    });
    const superTaken = await host.request('/api/auth/signup', {
      headers: from('10.7.0.3'),
      body: { ...form, companyName: 'Another', email: host.admin.email, planId: plans[0].id },
    });
    for (const res of [fresh, dup, superTaken]) expect(res.status).toBe(201);
    const [a, b, c] = await Promise.all([fresh.text(), dup.text(), superTaken.text()]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    // Nothing was made of the duplicates: no company 'Other', and the account keeps its password.
    const companies = await (await host.request('/api/companies', { token: superToken })).json();
    expect(companies.map((co: { name: string }) => co.name)).not.toContain('Other');
    await expect(host.login(form.email, 'other-pass')).rejects.toThrow();
    expect((await host.login(form.email, form.password)).user.company.name).toBe(form.companyName);
    const bad = await host.request('/api/auth/signup', {
      body: { ...form, name: 'M', email: 'nope', planId: plans[0].id },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
      ]),
    );
  });

  it('refuses a company name mixing look-alike scripts (Latin with a Cyrillic а), naming the field', async () => {
    const plans = await (await host.request('/api/plans/list')).json();
    const res = await host.request('/api/auth/signup', {
      body: {
        ...form,
        companyName: 'P\u0430daria Central',
        email: 'lookalike@padaria.test',
        planId: plans[0].id,
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'companyName', message: 'Mixed scripts' }],
    });
  });

  it('counts a company name that differs only by invisible characters, width or spaces as taken', async () => {
    const plans = await (await host.request('/api/plans/list')).json();
    const disguised = await host.request('/api/auth/signup', {
      body: {
        ...form,
        companyName: 'Padaria\u200B \u00A0Cent\u202Eral\u2069',
        email: 'twin@padaria.test',
        planId: plans[0].id,
      },
    });
    expect(disguised.status).toBe(409);
    expect((await disguised.json()).error).toBe('ERR_DUPLICATED_COMPANY');

    const byAdmin = await host.request('/api/companies', {
      token: superToken,
      body: { name: '\uFEFFＰＡＤＡＲＩＡ  central', email: 'twin@padaria.test', planId: plans[0].id },
    });
    expect(byAdmin.status).toBe(409);
    expect((await byAdmin.json()).error).toBe('ERR_DUPLICATED_COMPANY');

    const renamed = await host.request('/api/companies', {
      token: superToken,
      body: { name: 'Padaria\u200D Norte', email: 'norte@padaria.test', planId: plans[0].id },
    });
    expect(renamed.status).toBe(201);
    expect((await renamed.json()).name).toBe('Padaria Norte');
  });

  it('is refused when the super user disabled user creation', async () => {
    const off = await host.request('/api/settings/userCreation', {
      method: 'PUT',
      token: superToken,
      body: { value: 'disabled' },
    });
    expect(off.status).toBe(200);
    const plans = await (await host.request('/api/plans/list')).json();
    const res = await host.request('/api/auth/signup', {
      body: { ...form, email: 'late@x.test', companyName: 'Late', planId: plans[0].id },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('ERR_USER_CREATION_DISABLED');
    await host.request('/api/settings/userCreation', {
      method: 'PUT',
      token: superToken,
      body: { value: 'enabled' },
    });
  });
});
