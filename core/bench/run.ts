import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { WebSocket } from 'ws';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { createLogger } from '../src/kernel/logger.js';
import { SERVER_NODE_FLAGS } from '../src/kernel/prebuilt.js';
import { createTestDatabase } from '../src/testing/test-database.js';
import { runAttendanceBench } from './attendance/main.js';
import { prebuiltEntry } from './attendance/server.js';
import { runCampaignsBench } from './campaigns/main.js';
import { runDashboardBench } from './dashboard/main.js';
import { runFirstLoadBench } from './first-load/main.js';
import { runHistoryBench } from './history/main.js';
import { runIssue30Bench } from './summary/issue30.js';

/**
 * Kernel benchmark: the server runs as its own process (as in production) on a fresh database; this process is
 * the load generator. Authenticated request latency and throughput at 10 concurrent clients, realtime fan-out
 * latency, server memory idle and under load. `npm run bench` (TEST_DATABASE_URL or an embedded PostgreSQL).
 * `npm run bench -- attendance` runs the attendance benchmark instead (attendance/main.ts), `npm run bench -- history`
 * the history import's (history/main.ts), `npm run bench -- dashboard` the dashboard's (dashboard/main.ts),
 * `npm run bench -- first-load` the UI's first load (first-load/main.ts), `npm run bench -- campaigns` the contact
 * lists' import and the campaigns' planning and dispatch (campaigns/main.ts), `npm run bench -- issue30` every row of
 * issue 30 with one summary table (summary/issue30.ts); `npm run bench -- kernel` is this one, as the default.
 */
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const EVENTS = 100;
const PORT = 8097;
const BASE = `http://localhost:${PORT}`;
const PASSWORD = 'bench-pass';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function rssOf(pid: number): Promise<string> {
  return import('node:fs/promises').then(async (fs) => {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return `${Math.round(kb / 1024)} MB`;
  });
}

async function waitForHealth(deadline = Date.now() + 60_000): Promise<void> {
  while (Date.now() < deadline) {
    if (
      await fetch(`${BASE}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

async function http(pathname: string, token: string, title: string, method = 'GET', body?: unknown) {
  const result = await autocannon({
    url: `${BASE}${pathname}`,
    method: method as 'GET',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (result.non2xx) throw new Error(`${title}: ${result.non2xx} non-2xx answers`);
  return `| ${title} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${Math.round(result.requests.average)} |`;
}

/** Each event is a real user update (PUT /api/users/1) that the server fans out to every socket of the company. */
async function fanout(token: string): Promise<string> {
  const sockets = await Promise.all(
    Array.from(
      { length: SOCKETS },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`ws://localhost:${PORT}/ws?token=${token}`);
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  const latencies: number[] = [];
  for (let n = 0; n < EVENTS; n++) {
    const all = sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          const onMessage = (raw: Buffer) => {
            if (!raw.toString().includes('company-1-user')) return;
            ws.off('message', onMessage);
            resolve();
          };
          ws.on('message', onMessage);
        }),
    );
    const sent = performance.now();
    await fetch(`${BASE}/api/users/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ farewellMessage: `bench ${n}` }),
    });
    await Promise.all(all);
    latencies.push(performance.now() - sent);
  }
  for (const ws of sockets) ws.terminate();
  latencies.sort((a, b) => a - b);
  const f = (p: number) => pct(latencies, p).toFixed(1);
  return `| PUT /api/users/1 until all ${SOCKETS} sockets got the event | ${f(0.5)} | ${f(0.975)} | ${f(0.99)} | – |`;
}

async function main(): Promise<void> {
  const logger = createLogger('warn');
  let stopPg: () => Promise<void> = async () => undefined;
  if (!process.env.TEST_DATABASE_URL) {
    const pg = await startEmbeddedPostgres({
      dir: path.join(os.tmpdir(), 'balcao-bench-pg'),
      port: 54337,
      logger,
    });
    process.env.BALCAO_TEST_ADMIN_URL = pg.url;
    stopPg = pg.stop;
  }
  const db = await createTestDatabase();
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, prebuiltEntry()], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: db.url,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth();
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const idle = await rssOf(server.pid ?? 0);
    const rows = [
      await http('/api/auth/me', token, 'GET /api/auth/me (user, company, plan, settings)'),
      await http('/api/plugins', token, 'GET /api/plugins (plan-gated list)'),
      await http('/api/users?pageNumber=1', token, 'GET /api/users (page 1, counted)'),
      await http('/api/settings', token, 'GET /api/settings'),
      await fanout(token),
    ];
    const loaded = await rssOf(server.pid ?? 0);
    const cpu = os.cpus();
    console.log(
      `\nBalcão kernel benchmark — ${new Date().toISOString().slice(0, 10)}, ${cpu.length} × ${cpu[0]?.model.trim()}, Node ${process.version}`,
    );
    console.log(
      `Server in its own process; ${CONNECTIONS} concurrent clients, ${DURATION_S} s per HTTP row, load generator on the same machine.\n`,
    );
    console.log('| What | p50 ms | p97.5 ms | p99 ms | req/s |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(`\nServer memory (RSS): idle ${idle}, after load ${loaded}.`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await db.drop();
    await stopPg();
  }
}

const BENCHES: Record<string, () => Promise<unknown>> = {
  attendance: runAttendanceBench,
  history: runHistoryBench,
  dashboard: runDashboardBench,
  'first-load': runFirstLoadBench,
  campaigns: runCampaignsBench,
  issue30: runIssue30Bench,
  kernel: main,
};
const bench = BENCHES[process.argv[2] ?? ''] ?? main;
bench().catch((err) => {
  console.error(err);
  process.exit(1);
});
