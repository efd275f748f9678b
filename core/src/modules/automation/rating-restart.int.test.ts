import type { ConnectionDto } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import { afterAll, expect, it } from 'vitest';
import { type Kernel, startKernel } from '../../app.js';
import { ManualClock } from '../../kernel/clock.js';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { kernelAdmin, testKernelConfig } from '../../testing/test-config.js';
import { createTestDatabase } from '../../testing/test-database.js';

/**
 * The rating's expiry is an agenda job in the database: a kernel stopped while a ticket waits for its rating, and
 * another started on the same database, closes the ticket when the wait runs out, once.
 */

const M = '\u200e';
// The message states its scale, so the platform adds only the `!` line.
const REQUEST = `${M}De 0 a 10, como foi?\n\nEnvie *!* para voltar ao atendimento.`;
const DONE = `${M}Até logo!`;

const db = await createTestDatabase();
const database = { databaseUrl: db.url };
const clock = new ManualClock('2026-11-23T13:00:00Z');
const boot = () => startKernel({ config: testKernelConfig(db.url), plugins: [fakeWhatsappPlugin], clock });
let kernel: Kernel | undefined;
afterAll(async () => {
  await kernel?.stop();
  await db.drop();
});

const heard = async (ticketId: number) =>
  (
    await sql<{ body: string }>(
      database,
      'select body from messages where ticket_id = $1 and from_me and not is_private order by id',
      [ticketId],
    )
  ).map((r) => r.body);

it('a ticket waiting for its rating is closed by the timer after a restart, exactly once', async () => {
  kernel = await boot();
  let api = await kernelAdmin(kernel.url);
  await api.call('/api/settings/userRating', 'PUT', { value: 'enabled' });
  await api.call('/api/settings/sendGreetingAccepted', 'PUT', { value: 'disabled' });
  const conn = await api.call<ConnectionDto>('/api/whatsapp', 'POST', {
    name: 'Loja',
    channel: 'whatsapp',
    ratingMessage: 'De 0 a 10, como foi?',
    complationMessage: 'Até logo!',
    expiresTicketNps: 30,
  });
  const res = await fetch(`${kernel.url}/test-channel/${conn.token}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      externalId: 'restart-1',
      from: { id: '5511944440001', name: 'Rita' },
      body: 'oi',
    }),
  });
  const { ticketId } = (await res.json()) as { ticketId: number };
  await api.call(`/api/tickets/${ticketId}`, 'PUT', { status: 'open', userId: api.userId });
  await api.call(`/api/tickets/${ticketId}`, 'PUT', { status: 'closed', sendFarewellMessage: true });
  expect(await heard(ticketId)).toEqual([REQUEST]);
  const [job] = await sql<{ due: Date }>(
    database,
    `select next_run_at as due from agenda_jobs where name = 'automation:rating-expiry' and next_run_at is not null`,
  );
  // Due in 30 minutes, on the machine's clock too.
  expect(job?.due.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  await kernel.stop();
  kernel = undefined;

  // Half an hour later (by the kernel clock, and for agenda: its job made due now), another kernel.
  clock.advance(30 * 60_000);
  await sql(
    database,
    `update agenda_jobs set next_run_at = now() where name = 'automation:rating-expiry' and next_run_at is not null`,
  );
  kernel = await boot();
  api = await kernelAdmin(kernel.url);
  await eventually(async () => {
    const [t] = await sql<{ status: string }>(database, 'select status from tickets where id = $1', [
      ticketId,
    ]);
    return t?.status === 'closed' ? true : undefined;
  }, 20_000);
  // Nothing is left for agenda to run again: the one job has finished and none is due (no need to sit through another
  // of its 5 s polling rounds to see it).
  const jobs = async () =>
    (
      await sql<{ ran: number; due: number; locked: number }>(
        database,
        `select count(*) filter (where last_finished_at is not null)::int as ran,
                count(*) filter (where next_run_at is not null)::int as due,
                count(*) filter (where locked_at is not null)::int as locked
           from agenda_jobs where name = 'automation:rating-expiry'`,
      )
    )[0];
  await eventually(async () => ((await jobs()).ran === 1 ? true : undefined), 20_000);
  expect(await jobs()).toEqual({ ran: 1, due: 0, locked: 0 });
  expect(await heard(ticketId)).toEqual([REQUEST, DONE]);
  const logs = await sql<{ type: string }>(
    database,
    `select type from ticket_logs where ticket_id = $1 and type in ('nps', 'closed', 'autoClose') order by id`,
    [ticketId],
  );
  expect(logs.map((l) => l.type)).toEqual(['nps', 'autoClose']);
});
