import { defaultWeeklySchedule } from '@balcao/sdk';
import {
  createFakeChannel,
  createTenant,
  createTestHost,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DutyDto, defaultDays } from '../shared/duty.js';
import onCall from './index.js';

/**
 * On-call duty: the dialog's rules on the server, the entries' CRUD, and the notice — a ticket waiting in pending
 * outside the company's hours is told, by WhatsApp, to whoever is on call then, once per their interval.
 */
let host: TestHost;
let token: string;
let line: FakeConnection;
const fake = createFakeChannel();
/** A moment on Monday 23 Nov 2026 in São Paulo (UTC-3). */
const monday = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00-03:00`);
const clock = { at: monday('20:00'), now: () => new Date(clock.at) };
const ON_CALL_PHONE = '5511955550000';

async function api<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const res = await host.request(path, { token, ...init });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
async function sql(text: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: host.databaseUrl });
  await client.connect();
  await client.query(text, params).finally(() => client.end());
}
const days = (monday: [string, string]) =>
  defaultDays().map((d) =>
    d.weekdayEn === 'monday' ? { ...d, startTime: monday[0], endTime: monday[1] } : d,
  );
const notify = () => host.runJob('on-call:notify', { companyId: 0 });
/** The on-call person's conversation (held: out of the attendants' lists), found with the first notice. */
let onCallTicket = 0;
/** The notices about `ticketId` stored on it: a send is stored at once, its delivery to the fake follows. */
async function notices(ticketId: number): Promise<string[]> {
  if (!onCallTicket) {
    const first = line.sent().find((m) => m.to === ON_CALL_PHONE);
    if (!first) return [];
    onCallTicket = first.ticketId;
  }
  const res = await api<{ messages: { body: string }[] }>(`/api/messages/${onCallTicket}`);
  return res.body.messages.map((m) => m.body).filter((b) => b.includes(`#${ticketId})`));
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, onCall], clock });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  line = await fake.connect(host, token);
  await api('/api/companies/1/schedules', { method: 'PUT', body: { schedules: defaultWeeklySchedule() } });
  await api('/api/settings/scheduleType', { method: 'PUT', body: { value: 'company' } });
});
afterAll(() => host?.stop());

describe('on-call entries', () => {
  it('refuses what the dialog refuses, in the spec’s words', async () => {
    const fields = async (body: unknown) => {
      const res = await api<{ error: string; fields: { path: string; message: string }[] }>('/api/plantao', {
        body,
      });
      expect(res.status).toBe(400);
      return res.body.fields.map((f) => `${f.path}: ${f.message}`);
    };
    const ok = { userId: 1, phone: ON_CALL_PHONE, interval: 1, days: days(['19:00', '23:00']) };
    expect(await fields({ ...ok, userId: '' })).toEqual(['userId: Informe o usuário']);
    expect(await fields({ ...ok, phone: ' ' })).toEqual(['phone: Informe o telefone']);
    expect(await fields({ ...ok, phone: '12ab' })).toEqual(['phone: Invalid number']);
    expect(await fields({ ...ok, interval: '' })).toEqual(['interval: Required']);
    expect(await fields({ ...ok, interval: 0 })).toEqual(['interval: Invalid interval']);
    expect(await fields({ ...ok, interval: 1.5 })).toEqual(['interval: Invalid interval']);
    expect(await fields({ ...ok, days: days(['25:00', '23:00']) })).toEqual([
      'days.0.startTime: Invalid time',
    ]);
    expect(await fields({ ...ok, days: days(['19:00', '']) })).toEqual([
      'days.0.endTime: Required',
      'days: Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
    ]);
    expect(await fields({ ...ok, days: defaultDays() })).toEqual([
      'days: Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
    ]);
    expect(await fields({ ...ok, userId: 999_999 })).toEqual(['userId: Unknown user']);
    expect(await fields({ ...ok, userId: 2 ** 31 })).toEqual(['userId: Invalid id']);
    expect((await api('/api/plantao/2147483648')).status).toBe(400);
  });

  it('creates, lists, edits and deletes an entry; another company sees none of it', async () => {
    const created = await api<DutyDto>('/api/plantao', {
      body: { userId: 1, phone: '+55 (11) 94444-0000', days: days(['08:00', '12:00']) },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId: 1, phone: '5511944440000', interval: 1 });
    expect(created.body.days[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTime: '08:00',
      endTime: '12:00',
    });
    const id = created.body.id;
    const list = await api<DutyDto[]>('/api/plantao');
    expect(list.body.find((d) => d.id === id)?.user?.name).toBeTruthy();
    const edited = await api<DutyDto>(`/api/plantao/${id}`, {
      method: 'PUT',
      body: { userId: 1, phone: '5511944440000', interval: 3, days: days(['09:00', '10:00']) },
    });
    expect(edited.body).toMatchObject({ interval: 3 });
    const { token: superToken } = await host.login(host.admin.email, host.admin.password);
    token = superToken;
    const other = await createTenant(host, superToken, { name: 'Outro Plantão' });
    const theirs = (await host.login(other.email, other.password)).token;
    expect(await (await host.request('/api/plantao', { token: theirs })).json()).toEqual([]);
    expect((await host.request(`/api/plantao/${id}`, { token: theirs })).status).toBe(404);
    expect(await api(`/api/plantao/${id}`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { message: 'Plantão removido com sucesso' },
    });
    expect((await api(`/api/plantao/${id}`)).status).toBe(404);
  });
});

describe('the on-call notice', () => {
  it('tells the person on call of a pending ticket outside hours, once per interval', async () => {
    await api('/api/plantao', {
      body: { userId: 1, phone: ON_CALL_PHONE, interval: 2, days: days(['19:00', '23:00']) },
    });
    clock.at = monday('20:00');
    const inbound = await line.receive({ from: '5511933330001', body: 'Alguém aí?', name: 'Marta Noturna' });
    if (inbound.outcome !== 'stored') throw new Error(inbound.outcome);
    const ticketId = inbound.ticketId;
    await notify();
    await line.waitForSent((m) => m.to === ON_CALL_PHONE && m.body.includes(`#${ticketId})`));
    expect(await notices(ticketId)).toEqual([
      `Plantão: Marta Noturna aguarda atendimento sem fila (atendimento #${ticketId}), fora do horário.`,
    ]);
    await Promise.all([notify(), notify()]);
    expect(await notices(ticketId)).toHaveLength(1);
    // Two hours later (the entry's interval), it goes again.
    await sql(
      `update on_call_notices set notified_at = notified_at - interval '2 hours' where ticket_id = $1`,
      [ticketId],
    );
    await notify();
    expect(await notices(ticketId)).toHaveLength(2);
    // Nobody is on call at 23:30: nothing goes, however long it waits.
    await sql(
      `update on_call_notices set notified_at = notified_at - interval '2 hours' where ticket_id = $1`,
      [ticketId],
    );
    clock.at = monday('23:30');
    await notify();
    expect(await notices(ticketId)).toHaveLength(2);
  });

  it('says nothing within hours, nor of a ticket someone took', async () => {
    clock.at = monday('10:00');
    await api('/api/plantao', {
      body: { userId: 1, phone: ON_CALL_PHONE, interval: 1, days: days(['00:00', '23:59']) },
    });
    const day = await line.receive({ from: '5511933330002', body: 'Bom dia', name: 'Diurno' });
    if (day.outcome !== 'stored') throw new Error(day.outcome);
    await notify();
    expect(await notices(day.ticketId)).toEqual([]);

    clock.at = monday('21:00');
    const taken = await line.receive({ from: '5511933330003', body: 'Boa noite', name: 'Atendido' });
    if (taken.outcome !== 'stored') throw new Error(taken.outcome);
    const opened = await api(`/api/tickets/${taken.ticketId}`, {
      method: 'PUT',
      body: { status: 'open', userId: 1 },
    });
    expect(opened.status).toBe(200);
    await notify();
    expect(await notices(taken.ticketId)).toEqual([]);
    // The waiting daytime ticket is outside hours now: it is told, by each entry on call at 21:00 (19–23 and all day).
    expect(await notices(day.ticketId)).toHaveLength(2);
  });
});

describe("the notice in the company's language", () => {
  afterAll(() => api('/api/settings/language', { method: 'PUT', body: { value: 'pt-BR' } }));

  it('a company in English gets the English notice', async () => {
    const set = await api('/api/settings/language', { method: 'PUT', body: { value: 'en' } });
    expect(set.status).toBe(200);
    clock.at = monday('20:30');
    const inbound = await line.receive({ from: '5511933330004', body: 'Hello?', name: 'Night Owl' });
    if (inbound.outcome !== 'stored') throw new Error(inbound.outcome);
    await notify();
    const english = `On call: Night Owl is waiting with no queue (ticket #${inbound.ticketId}), outside service hours.`;
    await line.waitForSent((m) => m.to === ON_CALL_PHONE && m.body === english);
    const told = await notices(inbound.ticketId);
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told)).toEqual(new Set([english]));
  });
});

describe('the connection the notice leaves by', () => {
  let other: FakeConnection;
  afterAll(async () => {
    await api(`/api/whatsapp/${line.connection.id}`, { method: 'PUT', body: { isDefault: true } });
  });

  it("is the company's default connection when it reaches phone numbers", async () => {
    other = await fake.connect(host, token, 'Plantão padrão');
    const made = await api(`/api/whatsapp/${other.connection.id}`, {
      method: 'PUT',
      body: { isDefault: true },
    });
    expect(made.status).toBe(200);
    clock.at = monday('20:45');
    const inbound = await line.receive({ from: '5511933330005', body: 'Oi?', name: 'Pelo Padrão' });
    if (inbound.outcome !== 'stored') throw new Error(inbound.outcome);
    await notify();
    const about = (m: { to: string; body: string }) =>
      m.to === ON_CALL_PHONE && m.body.includes(`#${inbound.ticketId})`);
    await other.waitForSent(about);
    expect(line.sent().filter(about)).toEqual([]);
  });
});
