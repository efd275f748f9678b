import type { ConnectionDto } from '@balcao/sdk';
import { afterAll, expect, it } from 'vitest';
import { type Kernel, startKernel } from '../../app.js';
import { ManualClock } from '../../kernel/clock.js';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { kernelAdmin, testKernelConfig } from '../../testing/test-config.js';
import { createTestDatabase } from '../../testing/test-database.js';

/**
 * The idle timers keep their state in the database: a kernel stopped after warning a ticket, and another started on
 * the same database, neither warns again nor forgets the close.
 */

const M = '\u200e';
const JOB = 'automation:idle-tickets';
const db = await createTestDatabase();
const database = { databaseUrl: db.url };
const clock = new ManualClock(new Date());
const boot = () => startKernel({ config: testKernelConfig(db.url), plugins: [fakeWhatsappPlugin], clock });
let kernel: Kernel | undefined;
afterAll(async () => {
  await kernel?.stop();
  await db.drop();
});

/** The clock `minutes` later, then one run of the job on `k`. */
async function later(k: Kernel, minutes: number): Promise<void> {
  clock.advance(minutes * 60_000);
  await k.container.cradle.jobsHost.runHere(JOB, { companyId: 1 });
}

const automatic = async (ticketId: number) =>
  (
    await sql<{ body: string }>(
      database,
      `select body from messages where ticket_id = $1 and from_me and body like '${M}%' order by id`,
      [ticketId],
    )
  ).map((r) => r.body);

it('a warned ticket is not warned again by the next kernel, which closes it when the time comes, once', async () => {
  kernel = await boot();
  const admin = await kernelAdmin(kernel.url);
  await admin.call('/api/settings/sendGreetingAccepted', 'PUT', { value: 'disabled' });
  const conn = await admin.call<ConnectionDto>('/api/whatsapp', 'POST', {
    name: 'Loja',
    channel: 'whatsapp',
    expiresTicket: 1,
    timeInactiveMessage: 20,
    inactiveMessage: 'Ainda está aí?',
    expiresInactiveMessage: 'Até mais!',
  });
  const res = await fetch(`${kernel.url}/test-channel/${conn.token}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      externalId: 'idle-restart-1',
      from: { id: '5511955550001', name: 'Rita' },
      body: 'oi',
    }),
  });
  const { ticketId } = (await res.json()) as { ticketId: number };
  await admin.call(`/api/tickets/${ticketId}`, 'PUT', { status: 'open', userId: admin.userId });
  await later(kernel, 21);
  expect(await automatic(ticketId)).toEqual([`${M}Ainda está aí?`]);
  await kernel.stop();

  kernel = await boot();
  await later(kernel, 10);
  expect(await automatic(ticketId)).toEqual([`${M}Ainda está aí?`]);
  await later(kernel, 30); // 61 minutes idle: 60 + 20 not reached
  expect(
    (await sql<{ status: string }>(database, 'select status from tickets where id = $1', [ticketId]))[0]
      ?.status,
  ).toBe('open');
  await later(kernel, 20);
  await later(kernel, 1);
  expect(await automatic(ticketId)).toEqual([`${M}Ainda está aí?`, `${M}Até mais!`]);
  const logs = await sql<{ type: string }>(
    database,
    `select type from ticket_logs where ticket_id = $1 and type in ('closed', 'autoClose') order by id`,
    [ticketId],
  );
  expect(logs.map((l) => l.type)).toEqual(['autoClose']);
});
