import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { measureFirstLoad } from '../../../ui/first-load.js';
import { runAttendanceBench } from '../attendance/main.js';
import { BENCH_PASSWORD } from '../attendance/seed.js';
import { cpuPressure } from '../attendance/server.js';
import { runDashboardBench } from '../dashboard/main.js';
import { measureColdLogin } from './cold-login.js';
import { measureLogin } from './login.js';
import { type Issue30Figures, issue30Rows, renderSummary } from './table.js';

const log = (s: string) => console.log(s);

/** A part that failed is reported and left "not measured"; the other parts still run. */
async function part<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    log(`\n${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return undefined;
  }
}

/**
 * `npm run bench -- issue30`: every row of issue 30's table in one run, ending with ONE summary table (row, figure,
 * goal, met/missed). It builds the UI (as `npm start` does) and sums the first load of /login, runs the attendance
 * bench (lists, searches, message pages, RSS, ingest) and on the same server, after the ingest, the login at c = 2
 * and the cold login form in Chromium; then the dashboard bench. The attendance data is seeded once and reused
 * (BENCH_REUSE defaults to 1 here). BENCH_ISSUE30_SKIP=dashboard,cold-login,first-load leaves parts out.
 */
export async function runIssue30Bench(): Promise<void> {
  process.env.BENCH_REUSE ??= '1';
  const skip = new Set((process.env.BENCH_ISSUE30_SKIP ?? '').split(',').filter(Boolean));
  const started = new Date();
  const machineBefore = await cpuPressure();
  const figures: Issue30Figures = {};
  const root = path.resolve(import.meta.dirname, '../../..');

  if (!skip.has('first-load') || !skip.has('cold-login')) {
    await part('UI build', async () => {
      execFileSync('npm', ['run', 'build:ui'], { cwd: root, stdio: 'ignore' });
      if (!skip.has('first-load'))
        figures.firstLoadJsGzipBytes = measureFirstLoad(path.join(root, 'ui/dist')).js.gzip;
    });
  }
  const attendance = await part('attendance bench', () =>
    runAttendanceBench({
      afterRuns: async (pid) => {
        figures.login = await part('login', () => measureLogin(pid, 'admin@admin.com', BENCH_PASSWORD));
        if (figures.login) log(`\nLogin at c = 2: ${JSON.stringify(figures.login)}`);
        if (!skip.has('cold-login')) {
          const cold = await part('cold login form', () => measureColdLogin());
          if (cold)
            log(`Cold login form usable after (ms): ${cold.samples.join(', ')}; median ${cold.median}.`);
          figures.coldLoginMedianMs = cold?.median;
        }
      },
    }),
  );
  if (attendance) {
    figures.attendance = attendance.rows;
    figures.rss = { startMb: attendance.rssIdleMb, afterMb: attendance.rssPeakMb };
    figures.ingest = {
      perSecond: attendance.ingest.perSecond,
      rawPerSecond: attendance.ingest.rawPerSecond,
      visitors: attendance.ingest.visitors,
    };
  }
  if (!skip.has('dashboard')) figures.dashboard = await part('dashboard bench', () => runDashboardBench());

  const cpu = os.cpus();
  log(
    `\n## Issue 30 summary — ${started.toISOString().slice(0, 16)} UTC, ${cpu.length} × ${cpu[0]?.model.trim()}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; scale ${process.env.BENCH_SCALE ?? 1}.`,
  );
  log(`Machine before the run: ${machineBefore}. At the end: ${await cpuPressure()}.\n`);
  log(renderSummary(issue30Rows(figures)));
}
