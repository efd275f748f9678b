import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Issue 30's login row (≤ 30 ms of server CPU per login): the database round trips of one successful login, counted,
// never timed. The bound is today's count (18 before issue 30's cut), so a new statement per login is a decision, not an accident.

let host: TestHost;
beforeAll(async () => {
  host = await createTestHost();
});
afterAll(() => host?.stop());

/** Background work of the test host that may run during the login; everything else this process sends counts. */
const BACKGROUND =
  /agenda_jobs|message_outbox|channel_session|bot_turns|dashboard_daily|dashboard_live|pg_notify|LISTEN|UNLISTEN/i;

/** The statements this process's pg clients (the server's pool) send during `run`, background work left out. */
async function statements(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
    const name = typeof config === 'object' ? ((config as { name?: string } | null)?.name ?? '') : '';
    if (!BACKGROUND.test(text) && !BACKGROUND.test(name)) seen.push(name ? `${name}: ${text}` : text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = counting as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

it('a successful login is at most 6 statements: the limiter 2, user, company, session 1, plan with settings and queues', async () => {
  // Unmeasured: the first login of a process warms its caches; later ones are what a user pays.
  await host.login(host.admin.email, host.admin.password);
  const sent = await statements(() => host.login(host.admin.email, host.admin.password));
  expect(sent.length).toBeGreaterThan(3);
  expect(sent.length).toBeLessThanOrEqual(6);
});
