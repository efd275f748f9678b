import autocannon from 'autocannon';
import pg from 'pg';
import { costPer, costSoFar } from './cost.js';
import { loadFixture } from './http-rows.js';
import { BENCH_PASSWORD } from './seed.js';
import { BASE, BROWSER_ACCEPT_ENCODING, benchDatabaseUrl, login, startServer, stopServer } from './server.js';

/**
 * What one ticket search costs, in measures load does not change (issue 30): the server's CPU, its statements and
 * the database backends' CPU per request, for the open list (the reference), a surname and a full name, each 1,000
 * requests at 4 clients, two rounds (the first warms the server). On a database an attendance run seeded; command,
 * with TEST_DATABASE_URL's server:
 * `BENCH_DB=<copy of balcao_bench> node --import tsx core/bench/attendance/search-cost.ts`.
 */
const url = new URL(benchDatabaseUrl());
const f = await loadFixture(url.toString());
const server = await startServer(url.toString(), BENCH_PASSWORD);
const c = new pg.Client({ connectionString: url.toString() });
await c.connect();
try {
  const token = await login('admin@admin.com', BENCH_PASSWORD);
  const rows: [string, string][] = [
    ['open list', '/api/tickets?status=open&showAll=true'],
    [`surname "${f.surname}"`, `/api/tickets?showAll=true&searchParam=${encodeURIComponent(f.surname)}`],
    [
      `full name "${f.contactName}"`,
      `/api/tickets?showAll=true&searchParam=${encodeURIComponent(f.contactName)}`,
    ],
  ];
  const requests = 1000;
  for (let round = 1; round <= 2; round++)
    for (const [title, path] of rows) {
      const before = await costSoFar(server, c);
      const started = performance.now();
      await new Promise((resolve, reject) =>
        autocannon(
          {
            url: BASE + path,
            connections: 4,
            amount: requests,
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          },
          (err, res) => (err ? reject(err) : resolve(res)),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      const per = costPer(before, await costSoFar(server, c), requests);
      console.log(
        `round ${round}, ${title}: server CPU ${per.serverCpuMs} ms, database CPU ${per.databaseCpuMs ?? '?'} ms, ` +
          `${per.statements} statements a request (${Math.round(requests / seconds)} req/s)`,
      );
    }
} finally {
  await c.end();
  await stopServer(server);
}
