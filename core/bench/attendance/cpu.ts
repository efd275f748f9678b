import { readFile } from 'node:fs/promises';
import type pg from 'pg';

/** Linux's clock ticks per second for /proc times (`getconf CLK_TCK`: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat; null when the process is not visible
 * (PostgreSQL on another machine). Load changes how long work takes, not how much CPU it needs: the bench compares these.
 */
export async function processCpuMs(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The PostgreSQL backends serving the database `client` is on, but for `client`'s own: pid → CPU ms so far. */
export async function backendsCpuMs(client: pg.Client): Promise<Map<number, number> | null> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = await processCpuMs(pid);
    if (ms === null) return null;
    cpu.set(pid, ms);
  }
  return cpu;
}

/**
 * CPU the backends used between two readings: a backend that started meanwhile counts whole; one that ended meanwhile
 * is lost (the server's pool keeps its connections, so none should).
 */
export function backendsCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}
