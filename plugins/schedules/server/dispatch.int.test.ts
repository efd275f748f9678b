import {
  createFakeChannel,
  createTenant,
  createTestHost,
  eventually,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleDto } from '../shared/schedule.js';
import schedules from './index.js';
import { apiOf, sql } from './test-kit.js';

/**
 * Sending: at its time a schedule goes to the contact once, through the connection of their ticket; two workers
 * running the due job at once, or a run that died after the send and before marking the row, send nothing twice
 * (counted at the fake channel); a failure is shown with its reason and retried; recurring ones go again.
 */
let host: TestHost;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
const fake = createFakeChannel();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const due = () => host.runJob('schedules:due', { companyId: 0 });
const makeDue = (id: number) =>
  sql(host, `update schedules_schedules set send_at = now() - interval '1 second' where id = $1`, [id]);
const sentTo = (number: string) => line.sent().filter((m) => m.to === number);

let counter = 0;
async function contactWithTicket(): Promise<{ contactId: number; number: string }> {
  const number = `55119777700${String(++counter).padStart(2, '0')}`;
  const result = await line.receive({ from: number, body: 'Oi', name: `Cliente ${counter}` });
  if (result.outcome !== 'stored') throw new Error(`inbound ${result.outcome}`);
  const ticket = await api<{ contactId: number }>(`/api/tickets/${result.ticketId}`);
  return { contactId: ticket.body.contactId, number };
}
async function schedule(body: Record<string, unknown>): Promise<ScheduleDto> {
  const res = await api<ScheduleDto>('/api/schedules', { body: { sendAt: inAnHour(), ...body } });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, schedules] });
  const { token } = await host.login(host.admin.email, host.admin.password);
  api = apiOf(host, token);
  line = await fake.connect(host, token);
});
afterAll(() => host?.stop());

describe('sending a schedule', () => {
  it('goes at its time through the contact ticket’s connection, as the company', async () => {
    const { contactId, number } = await contactWithTicket();
    const s = await schedule({ contactId, body: 'Seu pedido está pronto', sendAt: new Date().toISOString() });
    // The send job booked at sendAt runs it: no sweep needed.
    const out = await line.waitForSent((m) => m.to === number && m.body === 'Seu pedido está pronto');
    const row = await eventually(async () => {
      const r = (await api<ScheduleDto>(`/api/schedules/${s.id}`)).body;
      return r.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({ sentCount: 1, error: null });
    expect(row.sentAt).not.toBeNull();
    const messages = await api<{ messages: { id: number; fromMe: boolean }[] }>(
      `/api/messages/${out.ticketId}`,
    );
    expect(messages.body.messages.some((m) => m.id === out.messageId && m.fromMe)).toBe(true);
  });

  it('is sent once when two workers run the due job at the same time', async () => {
    const { contactId, number } = await contactWithTicket();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await schedule({ contactId, body: `Aviso número ${i}` })).id);
    for (const id of ids) await makeDue(id);
    await Promise.all([due(), due(), due()]);
    await eventually(() => (sentTo(number).length >= 5 ? true : undefined));
    const bodies = sentTo(number).map((m) => m.body);
    expect(bodies.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `Aviso número ${i}`));
    for (const id of ids)
      expect((await api<ScheduleDto>(`/api/schedules/${id}`)).body).toMatchObject({
        status: 'sent',
        sentCount: 1,
      });
    await due();
    expect(sentTo(number)).toHaveLength(5);
  });

  it('goes out in the order of the times, the earliest first, when one sweep sends many', async () => {
    const { contactId, number } = await contactWithTicket();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await schedule({ contactId, body: `Ordem ${i}` })).id);
    // Times in the reverse order of the rows: the first made is the last due.
    for (const [i, id] of ids.entries())
      await sql(
        host,
        `update schedules_schedules set send_at = now() - make_interval(mins => $2) where id = $1`,
        [id, i + 1],
      );
    await due();
    await eventually(() => (sentTo(number).length >= 6 ? true : undefined));
    const stored = await sql<{ body: string }>(
      host,
      `select m.body from messages m where m.ticket_id = $1 and m.from_me order by m.id`,
      [sentTo(number)[0].ticketId],
    );
    expect(stored.map((m) => m.body)).toEqual([5, 4, 3, 2, 1, 0].map((i) => `Ordem ${i}`));
  });

  it('is not sent again when the run died after sending and before marking the row', async () => {
    const { contactId, number } = await contactWithTicket();
    const s = await schedule({ contactId, body: 'Confirmação de entrega' });
    await makeDue(s.id);
    await due();
    await line.waitForSent((m) => m.to === number);
    // The row as that run left it: claimed (long ago), the send done, the mark never written.
    await sql(
      host,
      `update schedules_schedules set status = 'sending', claimed_at = now() - interval '1 hour', sent_count = 0,
         sent_at = null where id = $1`,
      [s.id],
    );
    await due();
    const row = (await api<ScheduleDto>(`/api/schedules/${s.id}`)).body;
    expect(row).toMatchObject({ status: 'sent', sentCount: 1 });
    const ticketId = sentTo(number)[0].ticketId;
    const messages = await api<{ messages: { body: string }[] }>(`/api/messages/${ticketId}`);
    expect(messages.body.messages.filter((m) => m.body === 'Confirmação de entrega')).toHaveLength(1);
    expect(sentTo(number)).toHaveLength(1);
  });

  it('goes again each day until its end, each occurrence once', async () => {
    const { contactId, number } = await contactWithTicket();
    const first = new Date(Date.now() + 3_600_000);
    const s = await schedule({
      contactId,
      body: 'Tome o remédio',
      sendAt: first.toISOString(),
      recurrence: 'daily',
      recurrenceEnd: new Date(first.getTime() + 86_400_000 + 60_000).toISOString(),
    });
    await makeDue(s.id);
    await due();
    const afterOne = (await api<ScheduleDto>(`/api/schedules/${s.id}`)).body;
    expect(afterOne).toMatchObject({ status: 'pending', sentCount: 1 });
    expect(Date.parse(afterOne.sendAt)).toBe(first.getTime() + 86_400_000);
    await makeDue(s.id);
    await Promise.all([due(), due()]);
    expect((await api<ScheduleDto>(`/api/schedules/${s.id}`)).body).toMatchObject({
      status: 'sent',
      sentCount: 2,
    });
    await eventually(() => (sentTo(number).length === 2 ? true : undefined));
    // A sent schedule is history.
    const edit = await api<{ error: string }>(`/api/schedules/${s.id}`, {
      method: 'PUT',
      body: { contactId, body: 'Tome o remédio', sendAt: inAnHour() },
    });
    expect(edit).toEqual({ status: 409, body: { error: 'schedules:ERR_SCHEDULE_ALREADY_SENT' } });
  });

  it('sends an attachment stored through the plugin', async () => {
    const { contactId, number } = await contactWithTicket();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = await api<{ url: string; type: string; name: string }>('/api/schedules/media', {
      body: { fileName: 'cardapio.png', mimeType: 'image/png', data: png.toString('base64') },
    });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ type: 'image', name: 'cardapio.png' });
    const bad = await api('/api/schedules/media', {
      body: { fileName: 'x.png', mimeType: 'image/png', data: 'not base64!' },
    });
    expect(bad.status).toBe(400);
    const s = await schedule({ contactId, body: 'Nosso cardápio novo', media: upload.body });
    await makeDue(s.id);
    await due();
    const out = await line.waitForSent((m) => m.to === number);
    expect(out).toMatchObject({ mediaType: 'image', mediaUrl: upload.body.url });
  });

  it('shows a failure with its reason, and a retry sends it', async () => {
    const { token: superToken } = await host.login(host.admin.email, host.admin.password);
    const tenant = await createTenant(host, superToken, {
      name: 'Agenda Sem Conexão',
      flags: { useSchedules: true, useWhatsapp: true },
    });
    const { token } = await host.login(tenant.email, tenant.password);
    const theirs = apiOf(host, token);
    const contactId = (
      await theirs<{ id: number }>('/api/contacts', { body: { name: 'Bruno', number: '5511966660001' } })
    ).body.id;
    const s = (
      await theirs<ScheduleDto>('/api/schedules', {
        body: { contactId, body: 'Boleto disponível', sendAt: inAnHour() },
      })
    ).body;
    await makeDue(s.id);
    await due();
    expect((await theirs<ScheduleDto>(`/api/schedules/${s.id}`)).body).toMatchObject({
      status: 'error',
      error: 'ERR_NO_DEF_WAPP_FOUND',
    });
    const theirLine = await fake.connect(host, token, 'Linha nova');
    const retried = await theirs<ScheduleDto>(`/api/schedules/${s.id}/retry`, { body: {} });
    expect(retried.body).toMatchObject({ status: 'pending', error: null });
    await theirLine.waitForSent((m) => m.body === 'Boleto disponível');
    const again = await theirs<{ error: string }>(`/api/schedules/${s.id}/retry`, { body: {} });
    expect(again.status).toBe(409);
  });

  it("goes through the connection of the contact's ticket, not the company's default one", async () => {
    // Last in the file: a second connection of the company from here on. (A new sign-in: the one before expired.)
    const { token } = await host.login(host.admin.email, host.admin.password);
    const mine = apiOf(host, token);
    const second = await fake.connect(host, token, 'Segunda linha');
    const made = await mine(`/api/whatsapp/${line.connection.id}`, {
      method: 'PUT',
      body: { isDefault: true },
    });
    expect(made.status).toBe(200);
    const [ticketLine, otherLine] = [second, line];
    const number = '5511977770999';
    const inbound = await ticketLine.receive({ from: number, body: 'Oi', name: 'Cliente da segunda linha' });
    if (inbound.outcome !== 'stored') throw new Error(`inbound ${inbound.outcome}`);
    const contactId = (await mine<{ contactId: number }>(`/api/tickets/${inbound.ticketId}`)).body.contactId;
    const created = await mine<ScheduleDto>('/api/schedules', {
      body: { contactId, body: 'Pela linha da conversa', sendAt: inAnHour() },
    });
    expect(created.status).toBe(201);
    const s = created.body;
    await makeDue(s.id);
    await due();
    const out = await ticketLine.waitForSent((m) => m.to === number);
    expect(out).toMatchObject({ body: 'Pela linha da conversa', ticketId: inbound.ticketId });
    expect(otherLine.sent().filter((m) => m.to === number)).toEqual([]);
  });
});
