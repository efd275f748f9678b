import pg from 'pg';
import { INGEST_MANY, type IngestArgs } from '../../src/modules/conversations/ingest-batcher.js';
import { INGEST_EACH_ALONE } from '../../src/testing/attendance-fixtures.js';
import { processCpuMs } from './cpu.js';
import { benchDatabaseUrl } from './server.js';

/**
 * What the database spends storing an inbound message (issue 30, ingest), apart from the server and the load: the
 * statement the server sends for a batch (INGEST_MANY, prepared, planned once as the server's connections do) for web
 * chat visitors, as the ingest row sends them — a batch of 100 new visitors (contact, ticket and message), then four
 * batches of their next messages (the ticket found and updated) — each run in a transaction rolled back, RUNS times.
 * The same batches also go as the statement before balcao_ingest_many (INGEST_EACH_ALONE: balcao_ingest for every
 * element), alternated. Prints the backend's CPU ms a message for each kind of batch (from /proc: PostgreSQL on this machine)
 * and the wall time. On a database an attendance run seeded; command, with TEST_DATABASE_URL's server:
 * `BENCH_DB=<copy of balcao_bench> node --import tsx core/bench/attendance/ingest-db-cost.ts` (BENCH_ROUNDS, 3;
 * BENCH_BATCH, the visitors of a batch, 100).
 */
const VISITORS = Number(process.env.BENCH_BATCH ?? 100);
const RUNS = 30;

const url = new URL(benchDatabaseUrl());
const c = new pg.Client({ connectionString: url.toString() });
await c.connect();
try {
  const { rows: conn } = await c.query<{ id: number }>(
    "select id from whatsapps where company_id = 1 and channel = 'webchat' order by id limit 1",
  );
  const batch = (run: number, k: number): IngestArgs[] =>
    Array.from({ length: VISITORS }, (_, v) => {
      const body = `mensagem ${k} do visitante ${v}: preciso de ajuda com meu pedido`;
      return [
        1,
        conn[0].id,
        'webchat',
        `dbcost${run}v${v}`,
        `dbcost Visitante ${v}`,
        null,
        false,
        'pending',
        `webchat-dbcost${run}v${v}-m${k}`,
        body,
        false,
        'chat',
        null,
        null,
        new Date(),
        body,
        null,
      ];
    });
  let n = 0;
  const forms = {
    batch: INGEST_MANY.replace(/\?/g, () => `$${++n}`),
    eachAlone: INGEST_EACH_ALONE,
  };
  await c.query('set plan_cache_mode = force_generic_plan');
  const { rows: me } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
  const backendMs = async () => (await processCpuMs(me[0].pid)) ?? Number.NaN;
  for (let round = 1; round <= Number(process.env.BENCH_ROUNDS ?? 3); round++) {
    for (const [form, text] of Object.entries(forms)) {
      const cpu = { first: 0, next: 0 };
      const started = performance.now();
      for (let run = 0; run < RUNS; run++) {
        await c.query('begin');
        for (let k = 0; k < 5; k++) {
          const before = await backendMs();
          await c.query({ name: `bench_${form}`, text, values: [JSON.stringify(batch(run, k))] });
          cpu[k === 0 ? 'first' : 'next'] += (await backendMs()) - before;
        }
        await c.query('rollback');
      }
      const wallMs = (performance.now() - started) / (RUNS * 5 * VISITORS);
      console.log(
        JSON.stringify({
          ingestDbCost: {
            round,
            form,
            cpuMsNewVisitor: +(cpu.first / (RUNS * VISITORS)).toFixed(3),
            cpuMsNextMessage: +(cpu.next / (RUNS * 4 * VISITORS)).toFixed(3),
            cpuMsPerMessage: +((cpu.first + cpu.next) / (RUNS * 5 * VISITORS)).toFixed(3),
            wallMsPerMessage: +wallMs.toFixed(3),
          },
        }),
      );
    }
  }
} finally {
  await c.end();
}
