import autocannon from 'autocannon';
import pg from 'pg';
import { processCpuMs } from './cpu.js';
import { BENCH_PASSWORD } from './seed.js';
import { BASE, benchDatabaseUrl, startServer, stopServer } from './server.js';

/**
 * What the HTTP layer costs by itself (issue 30): the server's CPU per request, in µs, for requests that reach no
 * database work worth the name: a path no route has (every router and middleware passed: a 404) and a web chat post
 * its schema refuses (the public route's whole way up to validation: a 400). Four rounds of 20,000 requests at
 * c = 100 each, the first a warm-up. Load changes how long they take, not the CPU they need: compare these across
 * commits. Command, on a database an attendance run seeded: `BENCH_DB=<copy> node --import tsx
 * core/bench/attendance/http-cost.ts`.
 */
const url = new URL(benchDatabaseUrl());
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const { rows } = await client.query<{ token: string }>(
  "select token from whatsapps where company_id = 1 and channel = 'webchat' order by id limit 1",
);
await client.end();

const server = await startServer(url.toString(), BENCH_PASSWORD);
const refused = JSON.stringify({ visitorId: 'abcdefgh1234', name: 'x', body: 'hi', clientMessageId: 'x' });
const cases: [string, autocannon.Options][] = [
  ['404 (no route)', { url: `${BASE}/api/nothing-here` }],
  [
    'web chat post refused by its schema (400)',
    {
      url: `${BASE}/api/webchat/${rows[0].token}/messages`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: refused,
    },
  ],
];
try {
  for (const [name, options] of cases) {
    const perRequest: number[] = [];
    for (let round = 0; round < 4; round++) {
      const before = (await processCpuMs(server.pid as number)) as number;
      const result = await autocannon({ connections: 100, amount: 20_000, ...options });
      const after = (await processCpuMs(server.pid as number)) as number;
      if (round > 0) perRequest.push(Math.round(((after - before) / result.requests.sent) * 1000));
    }
    console.log(JSON.stringify({ httpCost: { case: name, serverCpuMicrosPerRequest: perRequest } }));
  }
} finally {
  await stopServer(server);
}
