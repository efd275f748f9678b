import { createFakeChannel, createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleDto, SchedulePageDto } from '../shared/schedule.js';
import schedules from './index.js';
import { apiOf } from './test-kit.js';

/** The schedules API: the form's rules, the list, edits, the plan flag and company scoping. */
let host: TestHost;
let api: ReturnType<typeof apiOf>;
let contactId: number;
const fake = createFakeChannel();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, schedules] });
  const { token } = await host.login(host.admin.email, host.admin.password);
  api = apiOf(host, token);
  contactId = (
    await api<{ id: number }>('/api/contacts', { body: { name: 'Ana Souza', number: '5511988880001' } })
  ).body.id;
});
afterAll(() => host?.stop());

describe('schedules API', () => {
  it('creates, lists, edits and deletes a schedule', async () => {
    const created = await api<ScheduleDto>('/api/schedules', {
      body: { contactId, body: 'Lembrete: sua consulta é amanhã às 10h', sendAt: inAnHour() },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      contactId,
      contact: { id: contactId, name: 'Ana Souza' },
      status: 'pending',
      recurrence: 'none',
      sentCount: 0,
      error: null,
    });
    const id = created.body.id;
    const list = await api<SchedulePageDto>('/api/schedules');
    expect(list.body.schedules.map((s) => s.id)).toContain(id);
    expect(
      (await api<SchedulePageDto>('/api/schedules?searchParam=souza')).body.schedules.map((s) => s.id),
    ).toEqual([id]);
    expect((await api<SchedulePageDto>('/api/schedules?searchParam=consulta')).body.schedules).toHaveLength(
      1,
    );
    expect((await api<SchedulePageDto>('/api/schedules?searchParam=nada%25')).body.schedules).toHaveLength(0);
    expect((await api<SchedulePageDto>(`/api/schedules?contactId=${contactId}`)).body.schedules).toHaveLength(
      1,
    );

    const later = new Date(Date.now() + 7_200_000).toISOString();
    const edited = await api<ScheduleDto>(`/api/schedules/${id}`, {
      method: 'PUT',
      body: { contactId, body: 'Consulta remarcada', sendAt: later },
    });
    expect(edited.body).toMatchObject({ body: 'Consulta remarcada', sendAt: later });
    expect((await api<ScheduleDto>(`/api/schedules/${id}`)).body.body).toBe('Consulta remarcada');
    expect((await api(`/api/schedules/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api<{ error: string }>(`/api/schedules/${id}`)).body).toEqual({
      error: 'schedules:ERR_SCHEDULE_NOT_FOUND',
    });
  });

  it('refuses what the form refuses, naming the field, never with a 500', async () => {
    const fields = async (body: unknown) => {
      const res = await api<{ error: string; fields: { path: string; message: string }[] }>(
        '/api/schedules',
        {
          body,
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      return res.body.fields.map((f) => `${f.path}: ${f.message}`);
    };
    const ok = { contactId, body: 'Olá, tudo bem?', sendAt: inAnHour() };
    expect(await fields({ ...ok, body: 'Oi' })).toEqual(['body: Mensagem muito curta']);
    expect(await fields({ ...ok, body: '' })).toEqual(['body: Obrigatório']);
    expect(await fields({ ...ok, body: 'Olá\u0000mundo' })).toEqual(['body: Invalid character']);
    expect(await fields({ ...ok, body: 'x'.repeat(5000) })).toEqual(['body: Too Long!']);
    expect(await fields({ ...ok, sendAt: undefined })).toEqual(['sendAt: Obrigatório']);
    expect(await fields({ ...ok, sendAt: '2027-02-30T10:00:00Z' })).toEqual(['sendAt: Invalid date']);
    expect(await fields({ ...ok, sendAt: 'amanhã' })).toEqual(['sendAt: Invalid date']);
    expect(await fields({ ...ok, sendAt: '2020-01-01T10:00:00Z' })).toEqual(['sendAt: In the past']);
    expect(await fields({ ...ok, contactId: 2_147_483_648 })).toEqual(['contactId: Invalid id']);
    expect(await fields({ ...ok, contactId: 999_999 })).toEqual(['contactId: Unknown']);
    expect(await fields({ ...ok, recurrence: 'weekly' })).toEqual(['recurrenceEnd: Obrigatório']);
    expect(
      await fields({ ...ok, media: { url: '/api/media/x/y.png', type: 'image', name: 'y.png' } }),
    ).toEqual(['media: Unknown media']);
    expect((await api('/api/schedules/2147483648')).status).toBe(400);
    expect((await api('/api/schedules?pageNumber=0')).status).toBe(400);
    expect((await api('/api/schedules?searchParam=a%00b')).status).toBe(400);
  });

  it('is for plans with useSchedules, and a company sees only its own', async () => {
    const { token: superToken } = await host.login(host.admin.email, host.admin.password);
    api = apiOf(host, superToken);
    const mine = await api<ScheduleDto>('/api/schedules', {
      body: { contactId, body: 'Só da empresa 1', sendAt: inAnHour() },
    });
    const without = await createTenant(host, superToken, {
      name: 'Sem Agenda',
      flags: { useSchedules: false },
    });
    const flagless = apiOf(host, (await host.login(without.email, without.password)).token);
    expect((await flagless('/api/schedules')).status).toBe(403);

    const other = await createTenant(host, superToken, {
      name: 'Outra Agenda',
      flags: { useSchedules: true },
    });
    const theirs = apiOf(host, (await host.login(other.email, other.password)).token);
    expect((await theirs<SchedulePageDto>('/api/schedules')).body.schedules).toEqual([]);
    expect((await theirs(`/api/schedules/${mine.body.id}`)).status).toBe(404);
    expect((await theirs(`/api/schedules/${mine.body.id}`, { method: 'DELETE' })).status).toBe(404);
    // Another company's contact is no contact of theirs.
    const refused = await theirs<{ fields: unknown[] }>('/api/schedules', {
      body: { contactId, body: 'Para o contato alheio', sendAt: inAnHour() },
    });
    expect(refused.body.fields).toEqual([{ path: 'contactId', message: 'Unknown' }]);
  });
});
