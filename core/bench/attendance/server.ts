import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../src/kernel/prebuilt.js';

export const PORT = Number(process.env.BENCH_PORT ?? 8197);
/**
 * The Accept-Encoding a browser sends (Chromium's): the benches' API requests ask for what the UI's do, so the
 * server's compression of their answers is in the figures (without it, the answers went out plain).
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
export const BASE = `http://localhost:${PORT}`;

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The database the benches that run alone read (ingest-alone, search-cost, lease-cost, http-cost): BENCH_DB, a plain
 * name, on TEST_DATABASE_URL's server; throws when either is missing.
 * @example const url = benchDatabaseUrl() // postgres://postgres@127.0.0.1:5432/balcao_bench_copy
 */
export function benchDatabaseUrl(): string {
  const admin = process.env.TEST_DATABASE_URL;
  const db = process.env.BENCH_DB;
  if (!admin || !db || !/^[a-z_][a-z0-9_]*$/.test(db)) throw new Error('set TEST_DATABASE_URL and BENCH_DB');
  const url = new URL(admin);
  url.pathname = `/${db}`;
  return url.toString();
}

/**
 * Builds the server as `npm start` runs it (core/scripts/build-server.mjs: plain JavaScript, no tsx loader) into a
 * folder of the benches' own, with `entry` (a path from the repository root) among its entries; returns the built
 * entry's path from the root. @example spawn(process.execPath, [prebuiltEntry()], { cwd: ROOT })
 */
export function prebuiltEntry(entry = 'core/src/main.ts', more: string[] = []): string {
  execFileSync(process.execPath, ['core/scripts/build-server.mjs', BENCH_DIST, entry, ...more], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return builtPath(entry);
}

const BENCH_DIST = 'dist/bench-server';
const COUNTER = 'core/bench/attendance/statement-counter.ts';
/** Where the bench build puts a source file (a path from the repository root). */
const builtPath = (source: string) => path.join(BENCH_DIST, source.replace(/\.ts$/, '.js'));

/**
 * The Balcão server as its own process (prebuilt, as `npm start` runs it) on `databaseUrl` (it migrates and seeds company 1 on first start). `entry`: the
 * script it runs, core/src/main.ts unless a bench needs a stand-in for an outside service (campaigns/server-entry.ts).
 */
export async function startServer(
  databaseUrl: string,
  password: string,
  entry = 'core/src/main.ts',
): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // The server counts its statements to PostgreSQL (statement-counter.ts, built beside the server and preloaded;
  // read with `statementsSent`).
  const built = prebuiltEntry(entry, [COUNTER]);
  const counter = ['--import', `./${builtPath(COUNTER)}`];
  // BENCH_SERVER_FLAGS="--flag …": more Node or V8 flags for the server, after SERVER_NODE_FLAGS (to try a flag on
  // the whole bench before changing them; docs/benchmarks.md keeps what was tried).
  const more = process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...profile, ...SERVER_NODE_FLAGS, ...more, ...counter, built], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
      BENCH_STATEMENTS_FILE: STATEMENTS_FILE,
      JWT_SECRET: 'bench-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789',
      // The ingest row plays 1,000 visitors from one address on one connection: the web chat's abuse limits
      // (plugins/webchat/server/limits.ts) would refuse 900 of them (429), so they are set past the run's volume.
      WEBCHAT_LIMIT_ADDRESS_MESSAGES: '1000000/60',
      WEBCHAT_LIMIT_CONNECTION_MESSAGES: '1000000/60',
      WEBCHAT_LIMIT_NEW_VISITORS: '1000000/600',
      WEBCHAT_LIMIT_ADDRESS_SIGNALS: '1000000/60',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Migrations on a reused, full database may build indexes first: wait long.
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(`${BASE}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

const STATEMENTS_FILE = path.join(os.tmpdir(), `balcao-bench-statements-${process.pid}.json`);

/** How many statements the bench's server has sent to PostgreSQL since it started (statement-counter.ts). */
export async function statementsSent(server: ChildProcess): Promise<number> {
  return (await countedStatements(server)).statements;
}

/** The statements the server sent most since it started, by their first 100 characters, with their counts. */
export async function statementsTop(server: ChildProcess): Promise<string> {
  return (await countedStatements(server)).top.map(([text, n]) => `${n}\t${text}`).join('\n');
}

async function countedStatements(
  server: ChildProcess,
): Promise<{ statements: number; top: [string, number][] }> {
  await rm(STATEMENTS_FILE, { force: true });
  server.kill('SIGUSR2');
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const text = await readFile(STATEMENTS_FILE, 'utf8').catch(() => '');
    try {
      return JSON.parse(text);
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('the server did not say how many statements it sent');
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

export async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Resident memory of a process, from /proc. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Machine contention while a bench runs: load average and the share of time tasks waited for a CPU (PSI). */
export async function cpuPressure(): Promise<string> {
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(', ');
  const psi = await readFile('/proc/pressure/cpu', 'utf8').catch(() => '');
  const some = /some avg10=([\d.]+) avg60=([\d.]+) avg300=([\d.]+)/.exec(psi);
  return `load average ${load}${some ? `; CPU pressure (tasks waiting for a core) ${some[2]} % over 60 s, ${some[3]} % over 300 s` : ''}`;
}
