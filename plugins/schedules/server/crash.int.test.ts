import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  createTestHost,
  eventually,
  type HoldingVendor,
  httpChannelPlugin,
  type Kernel,
  killHard,
  spawnWorker,
  startHoldingVendor,
  startInstance,
  type TestHost,
} from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScheduleDto } from '../shared/schedule.js';
import { idempotencyKey } from './dispatcher.js';
import schedules, { createSchedulesPlugin } from './index.js';
import { apiOf, sql } from './test-kit.js';

/**
 * Issue 27: "sent exactly once when the process is killed at sendAt". A worker process (BALCAO_ROLE worker) is
 * SIGKILLed (no shutdown code runs) while it sends the schedules due now: the vendor holds one delivered message
 * unanswered, and one schedule is caught in the middle of its send (claimed, its message not stored yet: the test holds
 * that send's key in an open transaction, so the worker waits there). A successor worker on the same database takes
 * the dead one's jobs once their locks run out and the claims once they are stale, and sends the rest: every schedule
 * reaches the vendor exactly once per idempotency key (the held one again with the same key), none is skipped, every
 * row is `sent` once. The web node serving the API runs no jobs; locks, claims and leases are shortened so the test
 * does not wait the production minutes.
 */
const SCHEDULES = 8;
/** The distinct message the vendor leaves unanswered: the worker dies while waiting for it. */
const HOLD_AT = 2;
const STALE_CLAIM_SECONDS = 1;
/** The due sweep, every minute in production: rows a dead sweep claimed wait for the next one. */
const SWEEP_EVERY = '2 seconds';
const schedulesOptions = { staleClaimSeconds: STALE_CLAIM_SECONDS, sweepEvery: SWEEP_EVERY };
const workerEnv = {
  OUTBOX_LEASE_SECONDS: '1',
  OUTBOX_POLL_MS: '50',
  OUTBOX_RETRY_BASE_MS: '50',
  // Longer than the stale claim: the dead worker's own jobs, run again, find its claims stale and send them.
  JOBS_LOCK_SECONDS: '3',
};

let host: TestHost;
let vendor: HoldingVendor;
let child: ChildProcess | undefined;
let successor: Kernel | undefined;
let pin: pg.Client | undefined;

beforeAll(async () => {
  vendor = await startHoldingVendor(HOLD_AT);
  host = await createTestHost({
    plugins: [httpChannelPlugin(vendor.url), schedules],
    env: { BALCAO_ROLE: 'web' },
  });
});

afterAll(async () => {
  if (child) await killHard(child);
  await pin?.end().catch(() => undefined);
  await successor?.stop();
  await host?.stop();
  await vendor?.close();
});

/** Open sessions of the database waiting on a lock to insert a schedules send key: the pinned send, stuck. */
async function waitingSends(): Promise<number> {
  const [row] = await sql<{ n: string }>(
    host,
    `select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like '%insert into plugin_sends%'`,
  );
  return Number(row.n);
}

it('a worker killed at sendAt: its successor sends the rest, each schedule exactly once', async () => {
  const { token, user } = await host.login(host.admin.email, host.admin.password);
  const api = apiOf(host, token);
  const connection = await api<{ id: number }>('/api/whatsapp', {
    // The company's default: the schedules' contacts have no ticket yet, so they go by it (the host's is a web chat).
    body: { name: 'Fone', channel: 'whatsapp', isDefault: true },
  });
  expect(connection.status).toBe(201);

  const sendAt = new Date(Date.now() + 2_000);
  const numbers = Array.from({ length: SCHEDULES }, (_, i) => `5511977${String(i).padStart(6, '0')}`);
  const made: ScheduleDto[] = [];
  for (const [i, number] of numbers.entries()) {
    const contact = await api<{ id: number }>('/api/contacts', {
      body: { name: `Queda ${i}`, number },
    });
    expect(contact.status).toBe(201);
    const created = await api<ScheduleDto>('/api/schedules', {
      body: { contactId: contact.body.id, body: `Lembrete ${i}`, sendAt: sendAt.toISOString() },
    });
    expect(created.status).toBe(201);
    made.push(created.body);
  }
  // The last schedule in the sweep's order: the others can reach the vendor before the worker gets stuck on it.
  const pinned = made[made.length - 1];
  pin = new pg.Client({ connectionString: host.databaseUrl });
  await pin.connect();
  await pin.query('begin');
  await pin.query(
    `insert into plugin_sends (company_id, plugin, idempotency_key) values ($1, 'schedules', $2)`,
    [user.companyId, idempotencyKey({ id: pinned.id, sent_count: 0 })],
  );

  child = await spawnWorker(path.join(import.meta.dirname, 'testing/crash-worker.ts'), {
    ...workerEnv,
    DATABASE_URL: host.databaseUrl,
    DATA_DIR: host.dataDir,
    VENDOR_URL: vendor.url,
    STALE_CLAIM_SECONDS: String(STALE_CLAIM_SECONDS),
    SWEEP_EVERY,
  });
  const heldKey = await vendor.held;
  await eventually(async () => ((await waitingSends()) > 0 ? true : undefined), 30_000);
  await killHard(child);
  child = undefined;
  // Killed in the middle: the pinned schedule claimed by the dead worker, its message not stored; then the key is
  // let go (the dead worker's session, waiting on it, rolls back as its client is gone).
  const [atKill] = await sql<{ status: string }>(
    host,
    'select status from schedules_schedules where id = $1',
    [pinned.id],
  );
  expect(atKill.status).toBe('sending');
  await pin.query('rollback');
  await pin.end();
  pin = undefined;

  successor = await startInstance(host, {
    role: 'worker',
    plugins: [httpChannelPlugin(vendor.url), createSchedulesPlugin(schedulesOptions)],
    env: workerEnv,
  });
  const ids = made.map((s) => s.id);
  const rowsOf = () =>
    sql<{ id: number; status: string; sent_count: number }>(
      host,
      'select id, status, sent_count from schedules_schedules where id = any($1) order by id',
      [ids],
    );
  await eventually(
    async () => ((await rowsOf()).every((r) => r.status === 'sent') ? true : undefined),
    40_000,
  );
  // A row is sent once its message is stored; the vendor gets it from the outbox a moment later.
  await eventually(
    () =>
      numbers.every((n) => [...(vendor.keysByRecipient().get(n) ?? [])].some((k) => vendor.answered.has(k)))
        ? true
        : undefined,
    30_000,
  );

  expect(await rowsOf()).toEqual(ids.map((id) => ({ id, status: 'sent', sent_count: 1 })));
  // At the vendor: one key per contact (a second message would bring a second key), answered, with its text.
  const keysTo = vendor.keysByRecipient();
  expect([...keysTo.keys()].sort()).toEqual(numbers);
  for (const [i, number] of numbers.entries()) {
    const keys = [...(keysTo.get(number) ?? [])];
    expect(keys, number).toHaveLength(1);
    expect(vendor.answered.has(keys[0]), number).toBe(true);
    expect(new Set(vendor.requests.filter((r) => r.to === number).map((r) => r.body))).toEqual(
      new Set([`Lembrete ${i}`]),
    );
  }
  // The held message was sent again, with its key, by the successor.
  expect(vendor.requests.filter((r) => r.key === heldKey).length).toBeGreaterThanOrEqual(2);

  // In the database: one stored message per schedule, under the schedule's own key.
  const sends = await sql<{ idempotency_key: string }>(
    host,
    "select idempotency_key from plugin_sends where company_id = $1 and plugin = 'schedules' and message_id is not null",
    [user.companyId],
  );
  expect(sends.map((s) => s.idempotency_key).sort()).toEqual(
    made.map((s) => idempotencyKey({ id: s.id, sent_count: 0 })).sort(),
  );
  const [{ messages }] = await sql<{ messages: string }>(
    host,
    `select count(*) as messages from messages m join tickets t on t.id = m.ticket_id
      where t.company_id = $1 and m.from_me and m.body like 'Lembrete %'`,
    [user.companyId],
  );
  expect(Number(messages)).toBe(SCHEDULES);
}, 120_000);
