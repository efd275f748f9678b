import type { PlanDto } from '@balcao/sdk';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let host: TestHost;
let superToken: string;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let adminToken: string;

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  tenant = await createTenant(host, superToken, { name: 'Loja Azul', users: 3 });
  adminToken = (await host.login(tenant.email, tenant.password)).token;
});
afterAll(() => host?.stop());

describe('companies and plans are for super users', () => {
  it.each([
    ['GET', '/api/companies'],
    ['GET', '/api/companies/list'],
    ['GET', '/api/companiesPlan'],
    ['GET', '/api/companies/1'],
    ['PUT', '/api/companies/1'],
    ['DELETE', '/api/companies/1'],
    ['POST', '/api/companies'],
    ['GET', '/api/plans'],
    ['GET', '/api/plans/all'],
    ['POST', '/api/plans'],
    ['PUT', '/api/plans/1'],
    ['DELETE', '/api/plans/1'],
  ])('%s %s answers 403 ERR_NO_PERMISSION to a tenant admin', async (method, path) => {
    const res = await host.request(path, {
      method,
      token: adminToken,
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });

  it('GET /api/plans/list is public for the signup page', async () => {
    const res = await host.request('/api/plans/list');
    expect(res.status).toBe(200);
    expect((await res.json()).map((p: { name: string }) => p.name)).toContain('Loja Azul plan');
  });

  it('a super user lists companies with their plans, paginated', async () => {
    const res = await host.request('/api/companiesPlan?pageNumber=1', { token: superToken });
    const body = await res.json();
    expect(body.hasMore).toBe(false);
    expect(body.companies.map((c: { name: string }) => c.name)).toEqual(['Balcão', 'Loja Azul']);
    expect(body.companies[1].plan).toMatchObject({ name: 'Loja Azul plan', users: 3 });
  });

  it('company 1 cannot be deleted; a plan in use cannot be deleted', async () => {
    expect((await host.request('/api/companies/1', { method: 'DELETE', token: superToken })).status).toBe(
      400,
    );
    const res = await host.request(`/api/plans/${tenant.planId}`, { method: 'DELETE', token: superToken });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('ERR_PLAN_IN_USE');
  });

  it('validates company fields with the spec messages', async () => {
    const res = await host.request('/api/companies', {
      token: superToken,
      body: { name: 'X', email: 'bad', planId: tenant.planId },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Nome é obrigatório' },
        { path: 'email', message: 'Email é inválido' },
      ]),
    );
  });

  it('an update keeps the fields it does not name', async () => {
    const res = await host.request(`/api/companies/${tenant.companyId}`, {
      method: 'PUT',
      token: superToken,
      body: { phone: '551100' },
    });
    expect(await res.json()).toMatchObject({
      phone: '551100',
      status: true,
      dueDate: '2999-01-01',
      recurrence: 'MENSAL',
    });
  });
});

describe('users and tenancy', () => {
  it('an admin creates users within the plan limit, then ERR_USER_LIMIT_REACHED', async () => {
    const make = (n: number) =>
      host.request('/api/users', {
        token: adminToken,
        body: { name: `Agent ${n}`, email: `agent${n}@azul.test`, password: 'agent-pass' },
      });
    expect((await make(1)).status).toBe(201);
    expect((await make(2)).status).toBe(201);
    const over = await make(3);
    expect(over.status).toBe(409);
    expect((await over.json()).error).toBe('ERR_USER_LIMIT_REACHED');
  });

  it('validates users with the spec messages and refuses a taken e-mail', async () => {
    const bad = await host.request('/api/users', {
      token: adminToken,
      body: { name: 'A', email: 'x', password: '12' },
    });
    expect((await bad.json()).fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
        { path: 'password', message: 'Too Short!' },
      ]),
    );
    const dup = await host.request('/api/users', {
      token: superToken,
      body: { name: 'Dup', email: 'AGENT1@azul.test', password: 'agent-pass' },
    });
    expect(dup.status).toBe(409);
  });

  it('a tenant never reads another tenant: lists and single reads are scoped', async () => {
    const list = await (await host.request('/api/users', { token: adminToken })).json();
    expect(list.users.every((u: { companyId: number }) => u.companyId === tenant.companyId)).toBe(true);
    expect(list.count).toBe(3);
    const other = await host.request('/api/users/1', { token: adminToken });
    expect(other.status).toBe(404);
    const put = await host.request('/api/users/1', {
      method: 'PUT',
      token: adminToken,
      body: { name: 'Hijack' },
    });
    expect(put.status).toBe(404);
  });

  it('an attendant edits only their own name, language and password, never their profile', async () => {
    const { token, user } = await host.login('agent1@azul.test', 'agent-pass');
    const own = await host.request(`/api/users/${user.id}`, {
      method: 'PUT',
      token,
      body: { language: 'tr', name: 'Agente Um' },
    });
    expect(await own.json()).toMatchObject({ language: 'tr', name: 'Agente Um', profile: 'user' });
    const escalate = await host.request(`/api/users/${user.id}`, {
      method: 'PUT',
      token,
      body: { profile: 'admin' },
    });
    expect(escalate.status).toBe(403);
    const list = await host.request('/api/users', { token });
    expect(list.status).toBe(403);
  });

  it('settings: an admin changes a company key; platform keys are for super users', async () => {
    const put = await host.request('/api/settings/requiredTag', {
      method: 'PUT',
      token: adminToken,
      body: { value: 'enabled' },
    });
    expect(put.status).toBe(200);
    const one = await (
      await host.request('/api/companySettingOne?column=requiredTag', { token: adminToken })
    ).json();
    expect(one).toEqual({ requiredTag: 'enabled' });
    const mine = await (
      await host.request(`/api/companySettings/${tenant.companyId}`, { token: adminToken })
    ).json();
    expect(mine).toMatchObject({
      companyId: tenant.companyId,
      requiredTag: 'enabled',
      sendGreetingAccepted: 'enabled',
    });
    expect((await host.request('/api/companySettings/1', { token: adminToken })).status).toBe(403);
    expect(
      (
        await host.request('/api/settings/userCreation', {
          method: 'PUT',
          token: adminToken,
          body: { value: 'disabled' },
        })
      ).status,
    ).toBe(403);
    const unknown = await host.request('/api/settings/nope', {
      method: 'PUT',
      token: adminToken,
      body: { value: 'x' },
    });
    expect(unknown.status).toBe(404);
    // Company 1's value is untouched by company 2's change.
    const platform = await (
      await host.request('/api/companySettingOne?column=requiredTag', { token: superToken })
    ).json();
    expect(platform).toEqual({ requiredTag: 'disabled' });
  });
});

describe('private plans (issue 24)', () => {
  it('private plans are not offered on signup, nor can one be signed up to; the seeded free plan is private', async () => {
    const offered = async () =>
      ((await (await host.request('/api/plans/list')).json()) as PlanDto[]).map((p) => p.name);
    const all = (await (await host.request('/api/plans', { token: superToken })).json()) as PlanDto[];
    expect(all.find((p) => p.name === 'Completo')).toMatchObject({ isPublic: false, amount: 0 });
    expect(await offered()).not.toContain('Completo');

    const created = await host.request('/api/plans', {
      token: superToken,
      body: { name: 'Parceiros', users: 3, isPublic: false },
    });
    expect(created.status).toBe(201);
    const plan = (await created.json()) as PlanDto;
    expect(plan.isPublic).toBe(false);
    expect(await offered()).not.toContain('Parceiros');
    const form = {
      name: 'Rita Lima',
      companyName: 'Ateliê Rita',
      email: 'rita@atelie.test',
      password: 'segredo',
    };
    const refused = await host.request('/api/auth/signup', {
      body: { ...form, phone: '5511977770000', planId: plan.id },
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: 'ERR_NO_PLAN_FOUND' });
    expect(
      await host.request('/api/auth/login', { body: { email: form.email, password: form.password } }),
    ).toHaveProperty('status', 401);

    const opened = await host.request(`/api/plans/${plan.id}`, {
      method: 'PUT',
      token: superToken,
      body: { isPublic: true },
    });
    expect(opened.status).toBe(200);
    expect(await offered()).toContain('Parceiros');
    const signedUp = await host.request('/api/auth/signup', {
      body: { ...form, phone: '5511977770000', planId: plan.id },
    });
    expect(signedUp.status).toBe(201);
  });

  it('a new plan is public unless the super user says otherwise', async () => {
    const res = await host.request('/api/plans', { token: superToken, body: { name: 'Aberto' } });
    expect(((await res.json()) as PlanDto).isPublic).toBe(true);
  });
});
