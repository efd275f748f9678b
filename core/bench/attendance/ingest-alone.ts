import { ingest, rawInsert } from './ingest.js';
import { BENCH_PASSWORD, NO_AUTO_CLOSE } from './seed.js';
import { benchDatabaseUrl, cpuPressure, startServer, statementsTop, stopServer } from './server.js';

/**
 * The attendance bench's ingest row alone, for iterating on the ingest path: on a database an attendance run seeded
 * (`BENCH_SEED_ONLY=1`), a warm-up round of 200 visitors, then the measured round and the raw-insert ceiling.
 * `BENCH_ROUNDS` measured rounds (1). Command, with TEST_DATABASE_URL's server:
 * `BENCH_DB=balcao_bench_mine node --import tsx core/bench/attendance/ingest-alone.ts`.
 */
const url = new URL(benchDatabaseUrl());
const pg = await import('pg');
const c = new pg.default.Client({ connectionString: url.toString() });
await c.connect();
await c.query(NO_AUTO_CLOSE);
await c.end();

const server = await startServer(url.toString(), BENCH_PASSWORD);
try {
  console.log(`Machine: ${await cpuPressure()}.`);
  await ingest(url.toString(), 200, server);
  for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 1); round++)
    await ingest(url.toString(), undefined, server);
  await rawInsert(url.toString());
  // Which statements the server sent most, over all rounds (statement-counter.ts).
  if (process.env.BENCH_STATEMENTS_TOP === '1') console.log(await statementsTop(server));
  console.log(`Machine: ${await cpuPressure()}.`);
} finally {
  await stopServer(server);
}
