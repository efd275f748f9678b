import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let host: TestHost;
let superToken: string;
let planId: number;

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  planId = (await createTenant(host, superToken, { name: 'Plano Base' })).planId;
});
afterAll(() => host?.stop());

const post = (body: Record<string, unknown>) => host.request('/api/companies', { token: superToken, body });
const fieldsOf = async (res: Response) => ((await res.json()) as { fields: unknown[] }).fields;

describe('the company form (spec part 2 §5, §9)', () => {
  it('creates with the defaults: active, 1 attendant, 1 connection, MENSAL, no due date', async () => {
    const res = await post({ name: 'Padrão', email: 'padrao@loja.test', planId });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      name: 'Padrão',
      status: true,
      numberAttendants: 1,
      numberConections: 1,
      recurrence: 'MENSAL',
      dueDate: null,
    });
  });

  it("with passwordDefault creates the company's admin, who signs in (the company's name and e-mail)", async () => {
    const res = await post({
      name: 'Com Admin',
      email: 'Dono@ComAdmin.test',
      planId,
      status: true,
      dueDate: '2999-12-31',
      passwordDefault: 'senha-do-dono',
      numberAttendants: '4',
      numberConections: 2,
    });
    expect(res.status).toBe(201);
    const company = await res.json();
    expect(company).toMatchObject({ numberAttendants: 4, numberConections: 2, email: 'dono@comadmin.test' });
    const { user } = await host.login('dono@comadmin.test', 'senha-do-dono');
    expect(user).toMatchObject({ companyId: company.id, profile: 'admin', name: 'Com Admin', super: false });
  });

  it('refuses an admin e-mail already taken, creating nothing', async () => {
    const res = await post({ name: 'Duplicada', email: host.admin.email, planId, passwordDefault: 'abcdef' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'ERR_DUPLICATED_EMAIL' });
    const list = await (await host.request('/api/companies/list', { token: superToken })).json();
    expect(list.map((c: { name: string }) => c.name)).not.toContain('Duplicada');
  });

  it('names each invalid field with the spec message', async () => {
    expect(await fieldsOf(await post({ email: 'a@b.co', planId }))).toContainEqual({
      path: 'name',
      message: 'Nome é obrigatório',
    });
    expect(await fieldsOf(await post({ name: 'Loja', email: '', planId }))).toContainEqual({
      path: 'email',
      message: 'E-mail é obrigatório',
    });
    expect(await fieldsOf(await post({ name: 'Loja', planId }))).toContainEqual({
      path: 'email',
      message: 'E-mail é obrigatório',
    });
    expect(await fieldsOf(await post({ name: 'Loja', email: 'nope', planId }))).toContainEqual({
      path: 'email',
      message: 'Email é inválido',
    });
    const noPlan = await fieldsOf(await post({ name: 'Loja', email: 'a@b.co' }));
    expect(noPlan.map((f) => (f as { path: string }).path)).toContain('planId');
    for (const field of ['numberAttendants', 'numberConections']) {
      const res = await post({ name: 'Loja', email: 'a@b.co', planId, [field]: 'muitos' });
      expect(res.status).toBe(400);
      expect((await fieldsOf(res)).map((f) => (f as { path: string }).path)).toContain(field);
    }
  });

  it('takes an empty due date as none, refuses an impossible one, and a plan that does not exist', async () => {
    const empty = await post({ name: 'Sem Vencimento', email: 'sv@loja.test', planId, dueDate: '' });
    expect(empty.status).toBe(201);
    expect((await empty.json()).dueDate).toBeNull();
    const impossible = await post({
      name: 'Data Ruim',
      email: 'dr@loja.test',
      planId,
      dueDate: '2026-02-30',
    });
    expect(impossible.status).toBe(400);
    const noPlan = await post({ name: 'Sem Plano', email: 'sp@loja.test', planId: 987654 });
    expect(noPlan.status).toBe(404);
    expect(await noPlan.json()).toEqual({ error: 'ERR_NO_PLAN_FOUND' });
    const nul = await post({ name: 'Loja\u0000', email: 'nul@loja.test', planId });
    expect(nul.status).toBe(400);
  });

  it('advances the due date: the UI computes it (sdk advanceDueDate) and PUTs it; the row keeps it', async () => {
    const created = await (
      await post({
        name: 'Anual',
        email: 'anual@loja.test',
        planId,
        recurrence: 'ANUAL',
        dueDate: '2026-01-31',
      })
    ).json();
    const res = await host.request(`/api/companies/${created.id}`, {
      method: 'PUT',
      token: superToken,
      body: { dueDate: '2027-01-31' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ dueDate: '2027-01-31', recurrence: 'ANUAL' });
    const bad = await host.request(`/api/companies/${created.id}`, {
      method: 'PUT',
      token: superToken,
      body: { recurrence: 'SEMANAL' },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a second company with the same name, whatever the case', async () => {
    const res = await post({ name: 'PADRÃO', email: 'outra@loja.test', planId });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'ERR_DUPLICATED_COMPANY' });
  });
});
