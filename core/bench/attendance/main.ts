import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { createLogger } from '../../src/kernel/logger.js';
import { againstBaseline, readBaseline, writeBaseline } from './baseline.js';
import { CONNECTIONS, loadFixture, measure, type Row, scenarios } from './http-rows.js';
import { type IngestReport, ingest, rawInsert } from './ingest.js';
import { explainMainQueries } from './plans.js';
import { ATTENDANT_EMAIL, BENCH_PASSWORD, NO_AUTO_CLOSE, seed, seededScale } from './seed.js';
import { cpuPressure, login, rssMb, startServer, stopServer } from './server.js';

/**
 * Attendance benchmark (issue 3): `npm run bench -- attendance`. BENCH_SCALE (1 = 100,000 tickets and 2,000,000
 * messages), BENCH_REUSE=1 keeps an already-seeded `balcao_bench` database, BENCH_SECONDS per row (5),
 * BENCH_SEED_ONLY=1 stops after seeding, BENCH_WRITE_BASELINE=1 keeps this run's p95s as baseline.json, BENCH_DB names the database (`balcao_bench`; another name lets two
 * checkouts keep their own data on one PostgreSQL).
 */
const DB_NAME = process.env.BENCH_DB ?? 'balcao_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_DB: not a plain database name: ${DB_NAME}`);
const log = (s: string) => console.log(s);

async function benchDatabaseUrl(): Promise<{ url: string; admin: string; stop(): Promise<void> }> {
  let admin = process.env.TEST_DATABASE_URL;
  let stop: () => Promise<void> = async () => undefined;
  if (!admin) {
    const pgEmbedded = await startEmbeddedPostgres({
      dir: path.join(os.tmpdir(), 'balcao-bench-pg'),
      port: 54337,
      logger: createLogger('warn'),
    });
    admin = pgEmbedded.url;
    stop = pgEmbedded.stop;
  }
  const url = new URL(admin);
  url.pathname = `/${DB_NAME}`;
  return { url: url.toString(), admin, stop };
}

async function onAdmin(admin: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

const fmt = (r: Row, baseline: Record<string, number>) =>
  `| ${r.title} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | < ${r.target} | ${r.p95 < r.target ? 'met' : '**missed**'} | ${againstBaseline(r, baseline)} |`;

/** What a run found, for `npm run bench -- issue30`'s summary (summary/issue30.ts). */
export interface AttendanceResult {
  rows: Row[];
  rssIdleMb: number;
  /** The server's peak RSS over the whole run (HTTP rows, ingest and `afterRuns`). */
  rssPeakMb: number;
  ingest: IngestReport & { rawPerSecond: number };
}

/** `afterRuns`: more measures on the same server after the ingest (its RSS sampled meanwhile), e.g. the login's. */
export async function runAttendanceBench(
  options: { afterRuns?: (serverPid: number) => Promise<void> } = {},
): Promise<AttendanceResult | undefined> {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const db = await benchDatabaseUrl();
  const reuse = process.env.BENCH_REUSE === '1' && (await seededScale(db.url)) === scale;
  if (!reuse) {
    await onAdmin(db.admin, `drop database if exists ${DB_NAME} with (force)`);
    await onAdmin(db.admin, `create database ${DB_NAME}`);
  }
  // An earlier run's database may still have the connections' default auto-close on (seed.ts NO_AUTO_CLOSE).
  if (reuse) await onAdmin(db.url, NO_AUTO_CLOSE);
  let server = await startServer(db.url, BENCH_PASSWORD);
  try {
    // A reused database carries the earlier runs' ingest visitors, written and deleted: vacuumed first, every run
    // starts from the state a seed leaves (index-only reads need a current visibility map).
    if (reuse) await onAdmin(db.url, 'vacuum analyze');
    if (!reuse) {
      log(`Seeding ${DB_NAME} at scale ${scale}…`);
      const started = performance.now();
      await seed(db.url, scale, log);
      log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
      // A fresh process, so idle memory is measured on a server that has not seen the seeding.
      await stopServer(server);
      if (process.env.BENCH_SEED_ONLY === '1') return undefined;
      server = await startServer(db.url, BENCH_PASSWORD);
    }
    const pid = server.pid ?? 0;
    const fixture = await loadFixture(db.url);
    const tokens = {
      admin: await login('admin@admin.com', BENCH_PASSWORD),
      user: await login(ATTENDANT_EMAIL, BENCH_PASSWORD),
    };
    const idle = await rssMb(pid);
    const before = await cpuPressure();
    let peak = idle;
    const sampler = setInterval(() => {
      rssMb(pid)
        .then((mb) => {
          peak = Math.max(peak, mb);
        })
        .catch(() => undefined);
    }, 200);
    const rows: string[] = [];
    const measured: Row[] = [];
    const baseline = await readBaseline(scale);
    log(`Machine before the run: ${before}.`);
    // Unmeasured: the server's first seconds (JIT, each pooled connection preparing its statements) would otherwise
    // land on whichever row comes first.
    const all = scenarios(fixture);
    for (const s of all.slice(0, 3)) await measure('warm-up', s.target, s.path, tokens[s.as], 2);
    for (const s of all) {
      const row = await measure(`${s.as}: ${s.title}`, s.target, s.path, tokens[s.as]);
      measured.push(row);
      rows.push(fmt(row, baseline));
      log(fmt(row, baseline));
    }
    if (process.env.BENCH_WRITE_BASELINE === '1') await writeBaseline(scale, measured);
    const httpPeak = peak;
    const afterHttp = await cpuPressure();
    await settle(db.url);
    // Unmeasured, as for the HTTP rows: a first, smaller round of visitors carries the ingest path's JIT and each
    // pooled connection's statement preparation (the first round ran 25–30 % slower than the next ones).
    await ingest(db.url, 200, server);
    const report = await ingest(db.url, undefined, server);
    await options.afterRuns?.(pid);
    clearInterval(sampler);
    const raw = await rawInsert(db.url);
    const plans = await explainMainQueries(db.url, fixture);

    const cpu = os.cpus();
    log(
      `\nBalcão attendance benchmark — ${new Date().toISOString().slice(0, 16)} UTC, ${cpu.length} × ${cpu[0]?.model.trim()}, ` +
        `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${await pgVersion(db.url)}; scale ${scale}.`,
    );
    log(`Machine before the run: ${before}. After the HTTP rows: ${afterHttp}.`);
    log(
      `${CONNECTIONS} concurrent clients, ${process.env.BENCH_SECONDS ?? 5} s per row; load generator on the same machine.\n`,
    );
    log('| Request | p50 ms | p95 ms | p99 ms | req/s | goal p95 ms | | baseline p95 ms | regression |');
    log('|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) log(r);
    log(
      `\nServer memory (RSS): idle ${idle} MB, peak under HTTP load ${httpPeak} MB, peak during ingest ${peak} MB.`,
    );
    log(
      `\nIngest: ${report.visitors} concurrent web chat visitors, ${report.sent} messages in ${report.seconds.toFixed(1)} s = ` +
        `**${report.perSecond} messages/s** (target ≥ 2,000: ${report.perSecond >= 2000 ? 'met' : '**missed**'}). ` +
        `Stored ${report.stored} of ${report.sent}; ${report.ticketsCreated} tickets for ${report.visitors} visitors; ` +
        `contacts with two non-closed tickets: ${report.duplicateOpen}. The bots' turns had dealt with every message ` +
        (report.turnsDoneSeconds === null
          ? 'not within 120 s.'
          : `${report.turnsDoneSeconds.toFixed(1)} s after the first post.`),
    );
    const cost = report.perMessage;
    if (cost)
      log(
        `Per message, from the first post until the turns were done: server CPU ${cost.serverCpuMs} ms, ` +
          `${cost.statements} statements to PostgreSQL, database CPU ${cost.databaseCpuMs ?? '(not visible)'} ms.`,
      );
    log(
      `Raw INSERT … SELECT of the same rows (contacts, tickets, messages, one transaction): ${raw.messages} messages in ` +
        `${raw.seconds.toFixed(2)} s = ${raw.perSecond} messages/s; the ingest ran at ` +
        `**${Math.round((100 * report.perSecond) / raw.perSecond)} %** of it (goal ≥ 25 %).`,
    );
    log(`\nQuery plans (EXPLAIN ANALYZE, BUFFERS; key lines):\n\n${plans}`);
    return {
      rows: measured,
      rssIdleMb: idle,
      rssPeakMb: peak,
      ingest: { ...report, rawPerSecond: raw.perSecond },
    };
  } finally {
    await stopServer(server);
    await db.stop();
  }
}

async function pgVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ v: string }>("select 'PostgreSQL ' || current_setting('server_version') v"))
      .rows[0].v;
  } finally {
    await c.end();
  }
}

/** Waits (up to a minute) until the server's queries of the last row are done, so they do not slow the next step. */
async function settle(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { rows } = await c.query<{ n: string }>(
        "select count(*) n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
      );
      if (rows[0].n === '0') return;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await c.end();
  }
}
