import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { WebSocket } from 'ws';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { loadConfig } from '../src/kernel/config.js';
import { startKernel } from '../src/kernel/kernel.js';
import { createLogger } from '../src/kernel/logger.js';
import { createTestDatabase } from '../src/testing/test-database.js';

/**
 * Kernel benchmark: authenticated request throughput and latency at 10 concurrent clients, realtime fan-out
 * latency, and server memory. `npm run bench` (TEST_DATABASE_URL or an embedded PostgreSQL).
 */
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const EVENTS = 200;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function http(url: string, token: string, title: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx) throw new Error(`${title}: ${result.non2xx} non-2xx answers`);
  return `| ${title} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${Math.round(result.requests.average)} |`;
}

async function fanout(base: string, token: string, publish: (n: number) => Promise<void>) {
  const sockets = await Promise.all(
    Array.from(
      { length: SOCKETS },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${token}`);
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  const latencies: number[] = [];
  for (let n = 0; n < EVENTS; n++) {
    const sent = performance.now();
    const all = sockets.map((ws) => new Promise<void>((resolve) => ws.once('message', () => resolve())));
    await publish(n);
    await Promise.all(all);
    latencies.push(performance.now() - sent);
  }
  for (const ws of sockets) ws.terminate();
  latencies.sort((a, b) => a - b);
  return `| realtime event to ${SOCKETS} sockets (all delivered) | ${pct(latencies, 0.5).toFixed(1)} | ${pct(latencies, 0.975).toFixed(1)} | ${pct(latencies, 0.99).toFixed(1)} | ${Math.round(1000 / (latencies.reduce((a, b) => a + b, 0) / latencies.length))} |`;
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
  const config = loadConfig(
    { NODE_ENV: 'test', ADMIN_PASSWORD: 'bench-pass' },
    {
      port: 0,
      databaseUrl: db.url,
      jwtSecret: 'bench-access-secret-0123456789',
      jwtRefreshSecret: 'bench-refresh-secret-0123456789',
      logLevel: 'warn',
    },
  );
  const kernel = await startKernel({ config, logger });
  const login = await fetch(`${kernel.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: config.adminEmail, password: 'bench-pass' }),
  });
  const { token } = (await login.json()) as { token: string };
  global.gc?.();
  const idle = process.memoryUsage().rss;

  const rows = [
    await http(`${kernel.url}/api/auth/me`, token, 'GET /api/auth/me (user, company, plan, settings)'),
    await http(`${kernel.url}/api/plugins`, token, 'GET /api/plugins (plan-gated list)'),
    await http(`${kernel.url}/api/users?pageNumber=1`, token, 'GET /api/users (page 1)'),
    await fanout(kernel.url, token, (n) =>
      kernel.container.cradle.realtime.publish({
        companyId: 1,
        channel: 'company-1-ticket',
        data: { action: 'update', n },
      }),
    ),
  ];
  const loaded = process.memoryUsage().rss;
  console.log(
    `\nBalcão kernel benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`,
  );
  console.log(
    `${CONNECTIONS} concurrent clients, ${DURATION_S} s per HTTP row; server and load generator share the machine.\n`,
  );
  console.log('| What | p50 ms | p97.5 ms | p99 ms | req/s (events/s) |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `\nServer memory (RSS, same process as the load generator): idle ${mb(idle)}, after load ${mb(loaded)}.`,
  );
  await kernel.stop();
  await db.drop();
  await stopPg();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
