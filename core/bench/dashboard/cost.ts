import pg from 'pg';
import { FOLD_LIVE_SQL, FOLD_SQL } from '../../src/modules/dashboard/dashboard-sql.js';
import { backendsCpuBetween, backendsCpuMs, processCpuMs } from '../attendance/cpu.js';
import {
  BASE,
  cpuPressure,
  login,
  startServer,
  statementsSent,
  statementsTop,
  stopServer,
} from '../attendance/server.js';
import { day, seed } from './main.js';

/**
 * What one dashboard call costs, in load-independent figures (issue 30: `/api/dashboard` p95 < 100 ms):
 * server CPU (/proc/<pid>/stat), PostgreSQL backends' CPU and statements sent, per request, over COST_REQUESTS
 * requests per call made two at a time. `npx tsx core/bench/dashboard/cost.ts` with TEST_DATABASE_URL and
 * BENCH_DASHBOARD_DB (kept: seeded with the dashboard bench's 100,000 tickets when empty, reused after).
 * BENCH_STATEMENTS_TOP=1 also lists the statements by text; COST_ENCODING sets the accept-encoding sent.
 */
const DB_NAME = process.env.BENCH_DASHBOARD_DB ?? 'balcao_bench_dashboard_cost';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`not a plain database name: ${DB_NAME}`);
const REQUESTS = Number(process.env.COST_REQUESTS ?? 400);
const admin = process.env.TEST_DATABASE_URL;
if (!admin) throw new Error('TEST_DATABASE_URL is needed');

async function main(): Promise<void> {
  const url = new URL(admin as string);
  url.pathname = `/${DB_NAME}`;
  const root = new pg.Client({ connectionString: admin });
  await root.connect();
  const exists = (await root.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount;
  if (!exists) await root.query(`create database ${DB_NAME}`);
  await root.end();
  const server = await startServer(url.toString(), 'bench-pass');
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const [{ n }] = (await db.query('select count(*)::int as n from tickets')).rows;
    if (n < 1000) {
      console.log('Seeding 100,000 tickets…');
      await seed(url.toString(), 100_000);
    }
    await db.query(FOLD_SQL.replace('?', '1'));
    await db.query(FOLD_LIVE_SQL.replace('?', '1'));
    const token = await login('admin@admin.com', 'bench-pass');
    const calls: [string, string][] = [
      ['/api/dashboard (62 days)', `/api/dashboard?date_from=${day(-61)}&date_to=${day(1)}`],
      ['/api/dashboard (this month)', '/api/dashboard'],
      [
        '/api/dashboard/ticketsDay (62 days)',
        `/api/dashboard/ticketsDay?initialDate=${day(-61)}&finalDate=${day(1)}`,
      ],
      [
        '/api/dashboard/ticketsDay (one day)',
        `/api/dashboard/ticketsDay?initialDate=${day(-5)}&finalDate=${day(-5)}`,
      ],
      [
        '/api/dashboard/ticketsUsers (62 days)',
        `/api/dashboard/ticketsUsers?initialDate=${day(-61)}&finalDate=${day(1)}`,
      ],
    ];
    const get = async (path: string) => {
      // COST_ENCODING: the accept-encoding sent (e.g. `identity` to leave compression out; default fetch's own).
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (process.env.COST_ENCODING) headers['accept-encoding'] = process.env.COST_ENCODING;
      const res = await fetch(`${BASE}${path}`, {
        headers,
      });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.arrayBuffer();
    };
    console.log(`Machine: ${await cpuPressure()}`);
    console.log('| Call | server CPU ms/req | PostgreSQL CPU ms/req | statements/req | bytes |');
    console.log('|---|---|---|---|---|');
    for (const [title, path] of calls) {
      for (let i = 0; i < 20; i++) await get(path); // warm-up: JIT, caches
      const pid = server.pid as number;
      const cpu0 = await processCpuMs(pid);
      const pg0 = await backendsCpuMs(db);
      const st0 = await statementsSent(server);
      let bytes = 0;
      let left = REQUESTS;
      const worker = async () => {
        while (left-- > 0) bytes = (await get(path)).byteLength;
      };
      await Promise.all([worker(), worker()]);
      const st1 = await statementsSent(server);
      const cpu1 = await processCpuMs(pid);
      const pg1 = await backendsCpuMs(db);
      const per = (x: number) => (x / REQUESTS).toFixed(2);
      const pgMs = pg0 && pg1 ? per(backendsCpuBetween(pg0, pg1)) : 'n/a';
      console.log(
        `| ${title} | ${per((cpu1 ?? 0) - (cpu0 ?? 0))} | ${pgMs} | ${per(st1 - st0)} | ${bytes} |`,
      );
    }
    if (process.env.BENCH_STATEMENTS_TOP === '1') console.log(await statementsTop(server));
    console.log(`Machine: ${await cpuPressure()}`);
  } finally {
    await db.end();
    await stopServer(server);
  }
}

await main();
