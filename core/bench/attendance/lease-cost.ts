import pg from 'pg';
import { LEASE_MANY } from '../../src/modules/bots/turn-batches.js';
import { processCpuMs } from './cpu.js';
import { benchDatabaseUrl } from './server.js';

/**
 * What one bot-turn lease statement costs the database (issue 30, ingest): LEASE_MANY for 8 tickets, 300 times, each
 * in a transaction rolled back (the tickets stay free), as the server sends it (prepared, one generic plan) and with
 * its parameters written into the text (as MikroORM's `execute` sends statements). Prints the backend's CPU ms per
 * statement (from /proc: PostgreSQL on this machine) and the wall time. On a database an attendance run seeded;
 * command, with TEST_DATABASE_URL's server: `BENCH_DB=<copy of balcao_bench> node --import tsx
 * core/bench/attendance/lease-cost.ts`.
 */
const url = new URL(benchDatabaseUrl());
const c = new pg.Client({ connectionString: url.toString() });
await c.connect();
try {
  const { rows } = await c.query<{ id: number; upto: string }>(
    `select t.id, (select max(m.id) from messages m where m.ticket_id = t.id) as upto
       from tickets t order by t.id desc limit 8`,
  );
  const json = JSON.stringify(rows.map((r) => [r.id, Number(r.upto)]));
  let n = 0;
  const numbered = LEASE_MANY.replace(/\?/g, () => `$${++n}`);
  const literal = LEASE_MANY.replace('?::jsonb', `'${json}'::jsonb`).replace('secs => ?', 'secs => 90');
  await c.query('set plan_cache_mode = force_generic_plan');
  const { rows: me } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
  const backendMs = async () => (await processCpuMs(me[0].pid)) ?? Number.NaN;
  const RUNS = 300;
  for (const round of [1, 2]) {
    for (const form of ['prepared', 'literal'] as const) {
      const started = performance.now();
      const before = await backendMs();
      for (let i = 0; i < RUNS; i++) {
        await c.query('begin');
        if (form === 'literal') await c.query(literal);
        else await c.query({ name: 'bench_lease_many', text: numbered, values: [json, 90] });
        await c.query('rollback');
      }
      const cpuMs = ((await backendMs()) - before) / RUNS;
      const wallMs = (performance.now() - started) / RUNS;
      console.log(
        JSON.stringify({
          leaseCost: { round, form, tickets: rows.length, cpuMs, wallMs: +wallMs.toFixed(2) },
        }),
      );
    }
  }
} finally {
  await c.end();
}
