import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { createTestDatabase } from '../../src/testing/test-database.js';
import { measure, type Row } from '../attendance/http-rows.js';
import { ATTENDANT_EMAIL, BENCH_PASSWORD, seed } from '../attendance/seed.js';
import { cpuPressure, login, rssMb, startServer, statementsSent, stopServer } from '../attendance/server.js';
import {
  cancelCampaign,
  type PlanFigures,
  planCampaign,
  prepareDispatch,
  restartCampaign,
  seedList,
  sentCount,
  TICKET_ROWS,
  ticketRows,
} from './dispatch.js';
import { type ImportFigures, importSheet } from './sheet-import.js';

/**
 * Campaigns benchmark (issue 26): `npm run bench -- campaigns`, on a fresh database of TEST_DATABASE_URL's server,
 * the server in its own process (server-entry.ts: the product plus the fake WhatsApp channel) on BENCH_PORT (8197).
 * (a) Spreadsheet upload: a BENCH_SMALL_ROWS (5,000) and a BENCH_ROWS (50,000) row .xlsx, each to a new contact
 *     list through `POST /api/contact-lists/{id}/upload`: wall time and the server's peak RSS (sampled every 100 ms);
 *     the small sheet shows what memory does not grow with the rows; both sizes are imported a second time, once the
 *     process has its working size, to show what a sheet adds then.
 * (b) Planning: a campaign scheduled now to a BENCH_LIST (100,000) item list seeded by SQL: time to its shipping rows.
 * (c) The same campaign dispatching at the fastest pacing the settings allow (no intervals) through the fake channel:
 *     each ticket list row's p95 (autocannon, 10 connections, BENCH_SECONDS (5) per row) without, then during the
 *     dispatch (the campaign restarted for the row and cancelled after it). Before the rows, the dispatch alone for
 *     BENCH_ALONE_SECONDS (5): its pace, and the server's statements and CPU ms per message sent (load-independent).
 * The attendance seed (BENCH_SCALE, 0.2 here: 20,000 tickets, 400,000 messages) gives the ticket lists their data.
 */
const log = (s: string) => console.log(s);
const SERVER = 'core/bench/campaigns/server-entry.ts';
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** CPU time the server process used so far (user + system, ms), from /proc: a cost per send machine load barely moves. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
};

const importLine = (f: ImportFigures) =>
  `| ${f.rows.toLocaleString('en')} | ${f.fileMb} | ${f.seconds.toFixed(1)} | ${f.imported} | ${f.refused} | ` +
  `${f.idleMb} | ${f.peakMb} | +${f.peakMb - f.idleMb} |`;

export async function runCampaignsBench(): Promise<void> {
  const scale = Number(process.env.BENCH_SCALE ?? 0.2);
  const bigRows = Number(process.env.BENCH_ROWS ?? 50_000);
  const smallRows = Number(process.env.BENCH_SMALL_ROWS ?? 5_000);
  const listSize = Number(process.env.BENCH_LIST ?? 100_000);
  const db = await createTestDatabase();
  let server = await startServer(db.url, BENCH_PASSWORD, SERVER);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    log(`Machine at the start: ${uptime()}`);
    log(`Seeding the attendance data at scale ${scale}…`);
    await seed(db.url, scale, log);
    // A fresh process, so the import's memory is measured on a server that has not seen the seeding.
    await stopServer(server);
    server = await startServer(db.url, BENCH_PASSWORD, SERVER);
    const pid = server.pid ?? 0;
    const tokens = {
      admin: await login('admin@admin.com', BENCH_PASSWORD),
      user: await login(ATTENDANT_EMAIL, BENCH_PASSWORD),
    };
    const idleMb = await rssMb(pid);

    log('(a) Spreadsheet imports…');
    // Unmeasured: the first sheet starts the reader's worker thread, which later sheets reuse.
    await importSheet(tokens.admin, pid, 1_000, 0);
    const small = await importSheet(tokens.admin, pid, smallRows, 1_000);
    log(importLine(small));
    const big = await importSheet(tokens.admin, pid, bigRows, 1_000 + smallRows);
    log(importLine(big));
    // The same sizes again: the first sheets grew the process to its working size (a worker's heap, the main heap's
    // old space); what a sheet adds once that is done is what grows with the rows, if anything.
    const smallAgain = await importSheet(tokens.admin, pid, smallRows, 1_000 + smallRows + bigRows);
    log(importLine(smallAgain));
    const bigAgain = await importSheet(tokens.admin, pid, bigRows, 1_000 + 2 * smallRows + bigRows);
    log(importLine(bigAgain));
    const afterImports = uptime();

    log('(b) Planning…');
    const connectionId = await prepareDispatch(tokens.admin);
    const listId = await seedList(client, tokens.admin, listSize);
    // Unmeasured: each row's first requests (JIT, prepared statements) would otherwise land on the first one measured.
    await ticketRows(tokens, 'warm-up', 2);

    // (c) Each ticket row is measured without a dispatch, then right after with the campaign sending (planned, or
    // restarted), then the campaign is cancelled: the two figures of a row come from the same minute of this shared
    // machine, whose load from other work changes from one minute to the next.
    const pairs: { quiet: Row; busy: Row; sent: number; seconds: number }[] = [];
    let campaignId = 0;
    let plan: PlanFigures | null = null;
    let alone = { sent: 0, seconds: 0, statements: 0, cpuMs: 0 };
    for (const r of TICKET_ROWS) {
      const quiet = await measure(`${r.title}`, 0, r.path, tokens[r.as]);
      if (!plan) {
        const planned = await planCampaign(client, tokens.admin, pid, listId, connectionId);
        campaignId = planned.campaignId;
        plan = planned.figures;
        log(
          `planned ${plan.planned} in ${plan.planSeconds.toFixed(2)} s (${plan.totalSeconds.toFixed(2)} s from the POST)`,
        );
        // The dispatch alone for a few seconds: its pace when nothing else asks for the machine.
        const before = await sentCount(client, campaignId);
        const t = performance.now();
        const statements = await statementsSent(server);
        const cpu = cpuMs(pid);
        await new Promise((res) => setTimeout(res, Number(process.env.BENCH_ALONE_SECONDS ?? 5) * 1000));
        const sentAlone = (await sentCount(client, campaignId)) - before;
        alone = {
          sent: sentAlone,
          seconds: (performance.now() - t) / 1000,
          statements: ((await statementsSent(server)) - statements) / Math.max(1, sentAlone),
          cpuMs: (cpuMs(pid) - cpu) / Math.max(1, sentAlone),
        };
      } else await restartCampaign(client, tokens.admin, campaignId);
      const before = await sentCount(client, campaignId);
      const t = performance.now();
      const busy = await measure(`${r.title}`, 0, r.path, tokens[r.as]);
      const seconds = (performance.now() - t) / 1000;
      const sent = (await sentCount(client, campaignId)) - before;
      await cancelCampaign(client, tokens.admin, campaignId);
      pairs.push({ quiet, busy, sent, seconds });
      log(`${r.title}: p95 ${quiet.p95} → ${busy.p95} ms, ${sent} sent meanwhile`);
    }
    const sentTotal = await sentCount(client, campaignId);
    const afterAll = uptime();
    const pressure = await cpuPressure();
    if (!plan) throw new Error('no campaign was planned');

    const cpu = os.cpus();
    log(
      `\nBalcão campaigns benchmark — ${new Date().toISOString().slice(0, 16)} UTC, ${cpu.length} × ${cpu[0]?.model.trim()}, ` +
        `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; attendance seed scale ${scale}.`,
    );
    log(`Server idle RSS after start: ${idleMb} MB. Load after the imports: ${afterImports}`);
    log(`Load at the end: ${afterAll}; ${pressure}.\n`);
    log(
      '| rows | file MB | seconds | imported | refused | server RSS before MB | peak MB | growth MB | round |',
    );
    log('|---|---|---|---|---|---|---|---|---|');
    for (const [round, f] of [
      ['first', small],
      ['first', big],
      ['again', smallAgain],
      ['again', bigAgain],
    ] as const)
      log(`${importLine(f)} ${round} |`);
    log(
      `\nPlanning: ${plan.planned.toLocaleString('en')} shipping rows in ${plan.planSeconds.toFixed(2)} s from the ` +
        `campaign running (${plan.totalSeconds.toFixed(2)} s from the POST scheduled now); server RSS ${plan.idleMb} → ` +
        `peak ${plan.peakMb} MB.`,
    );
    log(
      `\nDispatch alone (no HTTP load, first ${alone.seconds.toFixed(0)} s after planning): ${alone.sent} messages ` +
        `(${(alone.sent / alone.seconds).toFixed(1)}/s); ${sentTotal} sent in all over the run. Per message sent in ` +
        `that window, the server sent ${alone.statements.toFixed(1)} statements to PostgreSQL and used ` +
        `${alone.cpuMs.toFixed(1)} ms of CPU (the messages still in the outbox when it closed add a little).\n`,
    );
    log(
      '| Request | p50 ms | p95 ms | p99 ms | req/s | during the dispatch: p50 | p95 | p99 | req/s | p95 added | sent meanwhile |',
    );
    log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { quiet: q, busy: b, sent, seconds } of pairs)
      log(
        `| ${q.title} | ${q.p50} | ${q.p95} | ${q.p99} | ${q.rps} | ${b.p50} | ${b.p95} | ${b.p99} | ${b.rps} | ` +
          `${(b.p95 - q.p95).toFixed(1)} | ${sent} in ${seconds.toFixed(0)} s |`,
      );
  } finally {
    await client.end();
    await stopServer(server);
    await db.drop();
  }
}
