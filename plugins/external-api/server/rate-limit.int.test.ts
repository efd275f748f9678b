import {
  createFakeChannel,
  createTestHost,
  type FakeConnection,
  type Kernel,
  startInstance,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createExternalApiPlugin } from './index.js';

// Two web nodes behind a load balancer share only the database: a token's budget is one, whichever node each call
// reaches; its window rolls over on the database's clock and leaves no old rows behind.

// A day-long window: the calls of a test never straddle two windows (they are aligned on the clock).
const RATE = { count: 4, seconds: 86_400 };
const fake = createFakeChannel();
const plugin = createExternalApiPlugin({ rate: RATE });
let host: TestHost;
let second: Kernel;
let admin: string;

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, plugin] });
  second = await startInstance(host, { role: 'web', plugins: [fake.plugin, plugin] });
  admin = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(async () => {
  await second?.stop();
  await host?.stop();
});

/** A call that spends budget and sends nothing (no number: 400 once the limit let it through). */
async function call(url: string, connection: FakeConnection) {
  const res = await fetch(`${url}/api/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${connection.connection.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: await res.json() };
}

const sql = <T>(query: string, params: unknown[] = []) =>
  second.orm.em.fork().getConnection().execute<T[]>(query, params);

it('spends one budget per token across instances, answering 429 with Retry-After once it is gone', async () => {
  const line = await fake.connect(host, admin, 'Rate A');
  const other = await fake.connect(host, admin, 'Rate B');
  const statuses: number[] = [];
  // Concurrent calls on both nodes: exactly the budget goes through, whatever the interleaving.
  const calls = await Promise.all(
    Array.from({ length: RATE.count + 2 }, (_, i) => call(i % 2 ? second.url : host.url, line)),
  );
  for (const c of calls) statuses.push(c.status);
  expect(statuses.filter((s) => s === 400)).toHaveLength(RATE.count);
  expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  for (const node of [host.url, second.url]) {
    const limited = await call(node, line);
    expect(limited).toMatchObject({ status: 429, json: { error: 'external-api:ERR_RATE_LIMITED' } });
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(RATE.seconds);
  }
  // Another token of the company has its own budget.
  expect((await call(second.url, other)).status).toBe(400);

  // The window ends (its row is moved a window back): the next call opens a new one and the old row is pruned.
  await sql(
    'update external_api_rate_windows set window_start = window_start - make_interval(secs => ?) where connection_id = ?',
    [RATE.seconds, line.connection.id],
  );
  expect((await call(host.url, line)).status).toBe(400);
  const rows = await sql<{ used: number }>(
    'select used from external_api_rate_windows where connection_id = ?',
    [line.connection.id],
  );
  expect(rows).toEqual([{ used: 1 }]);
});
