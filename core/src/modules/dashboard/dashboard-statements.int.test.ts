import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inbound, ingestOf, sql } from '../../testing/attendance-fixtures.js';
import { countStatements } from '../../testing/statement-count.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import { FIGURES_SQL } from './dashboard-sql.js';

// Issue 30's dashboard row (every call of the page p95 < 100 ms): the statements each call sends, counted, never
// timed. Each is one statement over the rollups (dashboard-0003) and the live counts (dashboard-0004); counting the
// company's open and pending tickets on every read was ≈ 95 % of GET /api/dashboard's database work at 100 k tickets.

let host: TestHost;
let shop: TenantWithAgent;
beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Painel Contado');
  const res = await host.request('/api/whatsapp', {
    token: shop.adminToken,
    body: { name: 'Site', channel: 'webchat' },
  });
  const conn = { id: (await res.json()).id as number, companyId: shop.companyId, channel: 'webchat' };
  for (const id of ['a', 'b', 'c'])
    expect((await ingestOf(host).ingest(conn, inbound(`painel-${id}`, 'Olá'))).outcome).toBe('stored');
  // The messages' follow-up work (the bot's turns: ticket, contact, connection, queues) runs in the background:
  // wait until half a second passes without any statement but the host's pollers, so what is counted is the request's.
  for (let quiet = false; !quiet; ) {
    const count = countStatements({ byText: true });
    await new Promise((r) => setTimeout(r, 500));
    count.stop();
    quiet = count.top(100).every(([text]) => BACKGROUND.test(text));
  }
});
afterAll(() => host?.stop());

/** Background work of the test host (pollers, the job dashboard:fold), and the access gate's session check (cached 5 s). */
const BACKGROUND =
  /agenda_jobs|message_outbox|channel_session|bot_turns|pg_notify|LISTEN|auth_sessions|with moved as \(delete from dashboard_/i;

/** The statements this process sends while `path` is answered (background work left out), and the answer's status. */
async function statementsOf(path: string): Promise<{ status: number; texts: string[] }> {
  const count = countStatements({ byText: true });
  try {
    const res = await host.request(path, { token: shop.adminToken });
    await res.arrayBuffer();
    const texts = count
      .top(100)
      .flatMap(([text, n]) => Array<string>(n).fill(text))
      .filter((t) => !BACKGROUND.test(t));
    return { status: res.status, texts };
  } finally {
    count.stop();
  }
}

it.each([
  '/api/dashboard',
  '/api/dashboard?date_from=2026-01-01&date_to=2026-12-31',
  '/api/dashboard/ticketsDay?initialDate=2026-01-01&finalDate=2026-12-31',
  '/api/dashboard/ticketsDay?initialDate=2026-03-10&finalDate=2026-03-10',
  '/api/dashboard/ticketsUsers?initialDate=2026-01-01&finalDate=2026-12-31',
])('%s is one statement', async (path) => {
  await statementsOf(path); // the first call of a process warms its caches
  const { status, texts } = await statementsOf(path);
  expect(status).toBe(200);
  expect(texts, texts.join('\n')).toHaveLength(1);
});

it("GET /api/dashboard's statement reads no ticket: the live counts come from their own rows", async () => {
  let i = 0;
  const numbered = FIGURES_SQL.replace(/\?/g, () => `$${++i}`);
  const c = shop.companyId;
  const [{ 'QUERY PLAN': plan }] = await sql<{ 'QUERY PLAN': unknown }>(
    host,
    `explain (format json) ${numbered}`,
    [c, '2026-01-01', '2026-12-31', c, c, c],
  );
  const relations = [...JSON.stringify(plan).matchAll(/"Relation Name":\s*"(\w+)"/g)].map((m) => m[1]);
  expect(relations).toContain('dashboard_live');
  expect(relations).not.toContain('tickets');
});
