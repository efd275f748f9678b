import type { ChildProcess } from 'node:child_process';
import type pg from 'pg';
import { backendsCpuBetween, backendsCpuMs, processCpuMs } from './cpu.js';
import { statementsSent } from './server.js';

/** What the server and its database backends have spent so far (costSoFar); two readings give a cost (costPer). */
export interface Cost {
  serverCpuMs: number;
  statements: number;
  backends: Map<number, number> | null;
}

/** What one unit of work cost between two readings. */
export interface UnitCost {
  serverCpuMs: number;
  statements: number;
  /** Null when PostgreSQL runs on another machine (its backends' CPU is not visible). */
  databaseCpuMs: number | null;
}

/** The server process's CPU, its statements to PostgreSQL and the CPU of the backends `c`'s database runs. */
export async function costSoFar(server: ChildProcess, c: pg.Client): Promise<Cost> {
  return {
    serverCpuMs: (await processCpuMs(server.pid ?? 0)) ?? 0,
    statements: await statementsSent(server),
    backends: await backendsCpuMs(c),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The cost of each of `units` (messages, requests) between two readings, rounded to hundredths. */
export function costPer(before: Cost, after: Cost, units: number): UnitCost {
  return {
    serverCpuMs: round2((after.serverCpuMs - before.serverCpuMs) / units),
    statements: round2((after.statements - before.statements) / units),
    databaseCpuMs:
      before.backends && after.backends
        ? round2(backendsCpuBetween(before.backends, after.backends) / units)
        : null,
  };
}
