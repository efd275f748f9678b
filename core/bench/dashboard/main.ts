import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { createLogger } from '../../src/kernel/logger.js';
import { FIGURES_SQL, FOLD_LIVE_SQL, FOLD_SQL } from '../../src/modules/dashboard/dashboard-sql.js';
import { measure, type Row } from '../attendance/http-rows.js';
import { BASE, cpuPressure, login, startServer, stopServer } from '../attendance/server.js';

/**
 * Dashboard benchmark (issue 14): `npm run bench -- dashboard`. Company 1 gets BENCH_SCALE × 100,000 tickets over
 * the last 60 days with tracking times and ratings, 20 users; then GET /api/dashboard and the two chart calls are
 * timed (BENCH_SECONDS per row, 10 clients) over a period holding every ticket, the default one, and a single day.
 * Target: p95 < 300 ms. The seed's rollup deltas (dashboard-0003) are folded first, as the job dashboard:fold does
 * within a minute. Ends with the plan of the counters query, folded and with a busy minute's deltas pending.
 */
const DB_NAME = process.env.BENCH_DASHBOARD_DB ?? 'balcao_bench_dashboard';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME))
  throw new Error(`BENCH_DASHBOARD_DB: not a plain database name: ${DB_NAME}`);
const PASSWORD = 'bench-pass';
const TARGET_MS = 300;
const log = (s: string) => console.log(s);

async function onDb(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** Users, contacts and tickets in bulk SQL: 60 % closed, 25 % open, 15 % pending; half the closed ones rated. */
export async function seed(url: string, n: number): Promise<void> {
  await onDb(
    url,
    `
    insert into users (company_id, name, email, password_hash, profile, online)
      select 1, 'Atendente ' || i, 'dash-' || i || '@bench.local', (select password_hash from users where id = 1),
             'user', i % 3 = 0
        from generate_series(1, 19) i;
    -- No auto-close (expires_ticket 0): the seed's open and pending tickets sit idle for up to 60 days, and with the
    -- default 24 hours the job automation:idle-tickets closed them by the thousand in the server while it was measured.
    insert into whatsapps (company_id, name, channel, status, token, number, expires_ticket)
      values (1, 'WhatsApp Painel', 'whatsapp', 'CONNECTED', 'BENCHDASHBOARD0000000000000000', '5511900000001', 0);
    insert into contacts (company_id, name, number, channel, created_at, updated_at)
      select 1, 'Cliente ' || i, '5511' || lpad(i::text, 9, '0'), 'whatsapp', now() - interval '61 days',
             now() - interval '61 days'
        from generate_series(1, ${n}) i;
    create temp table ids as select array(select id from users where company_id = 1 order by id) as users,
      (select id from whatsapps where token = 'BENCHDASHBOARD0000000000000000') as wapp;
    insert into tickets (company_id, status, channel, contact_id, whatsapp_id, user_id, created_at, updated_at,
                         queued_at, started_at, finished_at)
      select 1, st, 'whatsapp', c.id, ids.wapp, case when st <> 'pending' then ids.users[1 + c.id % 20] end,
             created, created, created,
             case when st <> 'pending' then created + (c.id % 30) * interval '1 minute' end,
             case when st = 'closed' then created + (c.id % 30 + 5 + c.id % 115) * interval '1 minute' end
        from (select c.id, case when c.id % 100 < 60 then 'closed' when c.id % 100 < 85 then 'open' else 'pending' end st,
                     now() - random() * interval '60 days' as created
                from contacts c where c.company_id = 1) c, ids;
    insert into ticket_ratings (company_id, ticket_id, ticket_created_at, user_id, rate, asked_at, rated_at)
      select 1, t.id, t.created_at, t.user_id, case when t.id % 10 < 5 then t.id % 11 end, t.finished_at,
             case when t.id % 10 < 5 then t.finished_at + interval '2 minutes' end
        from tickets t where t.company_id = 1 and t.status = 'closed' and t.id % 10 < 6;`,
  );
  await onDb(url, 'vacuum analyze');
}

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The counters statement's plan over every ticket, as the server runs it. */
async function figuresPlan(url: string): Promise<string[]> {
  let i = 0;
  const plan = await onDb(url, `explain (analyze, buffers) ${FIGURES_SQL.replace(/\?/g, () => `$${++i}`)}`, [
    1,
    day(-61),
    day(1),
    1,
    1,
    1,
  ]);
  return plan.map((r) => `    ${r['QUERY PLAN']}`);
}

/** A row times real work only if the answer holds it: counters over tickets, or a non-empty series. */
async function expectFigures(title: string, pathname: string, token: string): Promise<void> {
  const res = await fetch(`${BASE}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${title}: ${res.status}`);
  const body = (await res.json()) as { counters?: { tickets: number }; data?: { total?: number }[] };
  const some = body.counters ? body.counters.tickets > 0 : (body.data ?? []).length > 0;
  if (!some) throw new Error(`${title}: nothing to measure (${pathname})`);
}

const fmt = (r: Row) =>
  `| ${r.title} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | < ${r.target} | ${r.p95 < r.target ? 'met' : '**missed**'} |`;

/** Answers the measured rows (for `npm run bench -- issue30`'s summary). */
export async function runDashboardBench(): Promise<Row[]> {
  const n = Math.max(1000, Math.round(Number(process.env.BENCH_SCALE ?? 1) * 100_000));
  let admin = process.env.TEST_DATABASE_URL;
  let stopPg: () => Promise<void> = async () => undefined;
  if (!admin) {
    const embedded = await startEmbeddedPostgres({
      dir: path.join(os.tmpdir(), 'balcao-bench-pg'),
      port: 54337,
      logger: createLogger('warn'),
    });
    admin = embedded.url;
    stopPg = embedded.stop;
  }
  const url = new URL(admin);
  url.pathname = `/${DB_NAME}`;
  await onDb(admin, `drop database if exists ${DB_NAME} with (force)`);
  await onDb(admin, `create database ${DB_NAME}`);
  const server = await startServer(url.toString(), PASSWORD);
  try {
    log(`Seeding ${n} tickets…`);
    const started = performance.now();
    await seed(url.toString(), n);
    log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    const [{ deltas }] = await onDb(
      url.toString(),
      'select count(*)::int as deltas from dashboard_daily_deltas',
    );
    const folding = performance.now();
    await onDb(url.toString(), FOLD_SQL.replace('?', '1'));
    await onDb(url.toString(), FOLD_LIVE_SQL.replace('?', '1'));
    await onDb(
      url.toString(),
      'vacuum analyze dashboard_daily, dashboard_daily_deltas, dashboard_live, dashboard_live_deltas',
    );
    const [{ rows: rollupRows }] = await onDb(
      url.toString(),
      'select count(*)::int as rows from dashboard_daily',
    );
    log(
      `Folded the ${deltas} deltas the seed left into ${rollupRows} rollup rows in ${Math.round(performance.now() - folding)} ms.`,
    );
    const token = await login('admin@admin.com', PASSWORD);
    const all = `date_from=${day(-61)}&date_to=${day(1)}`;
    const chart = `initialDate=${day(-61)}&finalDate=${day(1)}`;
    const oneDay = `initialDate=${day(-5)}&finalDate=${day(-5)}`;
    const rows: [string, string][] = [
      ['GET /api/dashboard (every ticket: 62 days)', `/api/dashboard?${all}`],
      ['GET /api/dashboard (default: this month)', '/api/dashboard'],
      ['GET /api/dashboard/ticketsDay (62 days)', `/api/dashboard/ticketsDay?${chart}`],
      ['GET /api/dashboard/ticketsDay (one day, per hour)', `/api/dashboard/ticketsDay?${oneDay}`],
      ['GET /api/dashboard/ticketsUsers (62 days)', `/api/dashboard/ticketsUsers?${chart}`],
    ];
    const before = await cpuPressure();
    await measure('warm-up', TARGET_MS, rows[0][1], token, 2, expectFigures);
    const results: string[] = [];
    const measured: Row[] = [];
    for (const [title, pathname] of rows) {
      measured.push(await measure(title, TARGET_MS, pathname, token, undefined, expectFigures));
      results.push(fmt(measured[measured.length - 1]));
      log(results.at(-1) ?? '');
    }
    const plan = await figuresPlan(url.toString());
    // A busy minute before the next fold: 1,000 tickets closed (two deltas each) and 1,000 ratings answered.
    await onDb(
      url.toString(),
      `update tickets set status = 'closed', finished_at = now()
        where id in (select id from tickets where company_id = 1 and status = 'open' limit 1000);
       update ticket_ratings set rate = 9, rated_at = now()
        where id in (select id from ticket_ratings where company_id = 1 and rate is null limit 1000);`,
    );
    const [{ pending }] = await onDb(
      url.toString(),
      'select count(*)::int as pending from dashboard_daily_deltas',
    );
    const busy = (await figuresPlan(url.toString())).filter((l) =>
      /Execution Time|dashboard_daily_deltas|Index Only Scan|Heap Fetches/.test(l),
    );
    const cpu = os.cpus();
    log(
      `\nBalcão dashboard benchmark — ${new Date().toISOString().slice(0, 16)} UTC, ${cpu.length} × ${cpu[0]?.model.trim()}, ` +
        `Node ${process.version}; ${n} tickets of one company. Machine before the run: ${before}.\n`,
    );
    log('| Request | p50 ms | p95 ms | p99 ms | req/s | target p95 ms | |');
    log('|---|---|---|---|---|---|---|');
    for (const r of results) log(r);
    log(`\nGET /api/dashboard's statement over every ticket (EXPLAIN ANALYZE, BUFFERS):\n${plan.join('\n')}`);
    log(`\nThe same with ${pending} deltas pending (unless the fold job ran meanwhile):\n${busy.join('\n')}`);
    return measured;
  } finally {
    await stopServer(server);
    await onDb(admin, `drop database if exists ${DB_NAME} with (force)`);
    await stopPg();
  }
}
