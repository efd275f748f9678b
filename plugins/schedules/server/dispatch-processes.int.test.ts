import {
  createFakeChannel,
  createTestHost,
  eventually,
  type FakeConnection,
  type Kernel,
  startInstance,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleDto } from '../shared/schedule.js';
import schedules from './index.js';
import { apiOf, sql } from './test-kit.js';

/**
 * "Exactly once across several workers" (issue 27) with real separate processes: a second Balcão (BALCAO_ROLE
 * worker) on the same database runs jobs beside the host, as a scale-out does. Whether the send jobs booked at sendAt
 * land on either, or both sweep the due rows at once, each schedule reaches the contact once and its row says sent
 * once. (dispatch.int.test.ts covers concurrent runs in one process and a run that died between send and mark.)
 */
let host: TestHost;
let worker: Kernel | undefined;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
const fake = createFakeChannel();
const sweepOn = (kernel: Kernel) =>
  kernel.container.cradle.jobsHost.runHere('schedules:due', { companyId: 0 });
const sweepHere = () => host.runJob('schedules:due', { companyId: 0 });
const sentTo = (number: string) => line.sent().filter((m) => m.to === number);

let counter = 0;
async function contactWithTicket(): Promise<{ contactId: number; number: string; ticketId: number }> {
  const number = `55119666600${String(++counter).padStart(2, '0')}`;
  const result = await line.receive({ from: number, body: 'Oi', name: `Cliente ${counter}` });
  if (result.outcome !== 'stored') throw new Error(`inbound ${result.outcome}`);
  const ticket = await api<{ contactId: number }>(`/api/tickets/${result.ticketId}`);
  return { contactId: ticket.body.contactId, number, ticketId: result.ticketId };
}
async function schedule(contactId: number, body: string, sendAt: Date): Promise<ScheduleDto> {
  const res = await api<ScheduleDto>('/api/schedules', {
    body: { contactId, body, sendAt: sendAt.toISOString() },
  });
  expect(res.status).toBe(201);
  return res.body;
}
async function expectSentOnce(ids: number[], ticketId: number, bodies: string[]) {
  // The contact may hear a message before its row is marked (the delivery worker runs beside the run that sent it):
  // wait until no row is still in its sender's hands, then check what each says.
  await eventually(async () => {
    for (const id of ids)
      if ((await api<ScheduleDto>(`/api/schedules/${id}`)).body.status === 'sending') return undefined;
    return true;
  }, 20_000);
  for (const id of ids)
    expect((await api<ScheduleDto>(`/api/schedules/${id}`)).body).toMatchObject({
      status: 'sent',
      sentCount: 1,
    });
  const messages = (await api<{ messages: { body: string; fromMe: boolean }[] }>(`/api/messages/${ticketId}`))
    .body;
  const mine = messages.messages.filter((m) => m.fromMe).map((m) => m.body);
  expect(mine.sort()).toEqual([...bodies].sort());
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, schedules] });
  worker = await startInstance(host, { role: 'worker', plugins: [fake.plugin, schedules] });
  const { token } = await host.login(host.admin.email, host.admin.password);
  api = apiOf(host, token);
  line = await fake.connect(host, token);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await host?.stop();
});

describe('two processes running jobs', () => {
  it('send each schedule once at its time, whichever process takes its job', async () => {
    const { contactId, number, ticketId } = await contactWithTicket();
    const at = new Date(Date.now() + 1_500);
    const bodies = [0, 1, 2, 3, 4].map((i) => `Lembrete de processo ${i}`);
    const ids: number[] = [];
    for (const body of bodies) ids.push((await schedule(contactId, body, at)).id);
    await eventually(() => (sentTo(number).length >= bodies.length ? true : undefined), 20_000);
    // Both sweep again after the sends: nothing goes twice.
    await Promise.all([sweepHere(), sweepOn(worker as Kernel)]);
    expect(
      sentTo(number)
        .map((m) => m.body)
        .sort(),
    ).toEqual([...bodies].sort());
    await expectSentOnce(ids, ticketId, bodies);
  });

  it('send each due schedule once when both sweep at the same moment', async () => {
    const { contactId, number, ticketId } = await contactWithTicket();
    const bodies = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `Aviso entre processos ${i}`);
    const ids: number[] = [];
    for (const body of bodies)
      ids.push((await schedule(contactId, body, new Date(Date.now() + 3_600_000))).id);
    await sql(
      host,
      `update schedules_schedules set send_at = now() - interval '1 second' where id = any($1)`,
      [ids],
    );
    const w = worker as Kernel;
    await Promise.all([sweepHere(), sweepOn(w), sweepHere(), sweepOn(w)]);
    await eventually(() => (sentTo(number).length >= bodies.length ? true : undefined), 20_000);
    expect(
      sentTo(number)
        .map((m) => m.body)
        .sort(),
    ).toEqual([...bodies].sort());
    await expectSentOnce(ids, ticketId, bodies);
  });
});
