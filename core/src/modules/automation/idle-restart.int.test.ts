import type { ConnectionDto } from '@balcao/sdk';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { ManualClock } from '../../kernel/clock.js';
import { type Kernel, startKernel } from '../../kernel/kernel.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { testKernelConfig } from '../../testing/test-config.js';
import { createTestDatabase } from '../../testing/test-database.js';

/**
 * The idle timers keep their state in the database: a kernel stopped after warning a ticket, and another started on
 * the same database, neither warns again nor forgets the close.
 */

const M = '\u200e';
const JOB = 'automation:idle-tickets';
const db = await createTestDatabase();
const clock = new ManualClock(new Date());
const boot = () => startKernel({ config: testKernelConfig(db.url), plugins: [fakeWhatsappPlugin], clock });
let kernel: Kernel | undefined;
afterAll(async () => {
  await kernel?.stop();
  await db.drop();
});

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function call<T>(k: Kernel, token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${k.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(k: Kernel): Promise<{ token: string; userId: number }> {
  const res = await fetch(`${k.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: 'secret-admin' }),
  });
  const { token, user } = (await res.json()) as { token: string; user: { id: number } };
  return { token, userId: user.id };
}

/** The clock `minutes` later, then one run of the job on `k`. */
async function later(k: Kernel, minutes: number): Promise<void> {
  clock.advance(minutes * 60_000);
  await k.container.cradle.jobsHost.runHere(JOB, { companyId: 1 });
}

const automatic = async (ticketId: number) =>
  (
    await query<{ body: string }>(
      `select body from messages where ticket_id = $1 and from_me and body like '${M}%' order by id`,
      [ticketId],
    )
  ).map((r) => r.body);

it('a warned ticket is not warned again by the next kernel, which closes it when the time comes, once', async () => {
  kernel = await boot();
  const { token, userId } = await signIn(kernel);
  await call(kernel, token, '/api/settings/sendGreetingAccepted', 'PUT', { value: 'disabled' });
  const conn = await call<ConnectionDto>(kernel, token, '/api/whatsapp', 'POST', {
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
  await call(kernel, token, `/api/tickets/${ticketId}`, 'PUT', { status: 'open', userId });
  await later(kernel, 21);
  expect(await automatic(ticketId)).toEqual([`${M}Ainda está aí?`]);
  await kernel.stop();

  kernel = await boot();
  await later(kernel, 10);
  expect(await automatic(ticketId)).toEqual([`${M}Ainda está aí?`]);
  await later(kernel, 30); // 61 minutes idle: 60 + 20 not reached
  expect(
    (await query<{ status: string }>('select status from tickets where id = $1', [ticketId]))[0]?.status,
  ).toBe('open');
  await later(kernel, 20);
  await later(kernel, 1);
  expect(await automatic(ticketId)).toEqual([`${M}Ainda está aí?`, `${M}Até mais!`]);
  const logs = await query<{ type: string }>(
    `select type from ticket_logs where ticket_id = $1 and type in ('closed', 'autoClose') order by id`,
    [ticketId],
  );
  expect(logs.map((l) => l.type)).toEqual(['autoClose']);
});
