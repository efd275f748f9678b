import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { postAsVisitors } from './ingest.js';

/**
 * What the ingest row's load costs by itself (issue 30): the same 1,000 visitors' posts (ingest.ts postAsVisitors)
 * against a server that parses each body and answers at once, in its own process as Balcão's is. Prints, per round,
 * the posts a second and the CPU ms per post of the load generator and of that server: the ceiling of the ingest
 * row on this machine, and the share of the 2 cores the generator takes. Command:
 * `node --import tsx core/bench/attendance/harness-cost.ts` (BENCH_ROUNDS, 3).
 */
if (process.argv[2] === 'answer') {
  let id = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      JSON.parse(body);
      res.statusCode = 201;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ outcome: 'stored', messageId: ++id }));
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
  process.on('message', () => {
    const used = process.cpuUsage();
    process.send?.((used.user + used.system) / 1000);
  });
} else {
  const child = fork(import.meta.filename, ['answer'], { execArgv: process.execArgv });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
  const serverCpuMs = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve(m as number));
      child.send('cpu');
    });
  const visitors = 1000;
  try {
    for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 3); round++) {
      const serverBefore = await serverCpuMs();
      const mine = process.cpuUsage();
      const started = performance.now();
      const result = await postAsVisitors(
        `http://127.0.0.1:${port}`,
        'token',
        `h${round}`,
        visitors,
        () => {},
      );
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(mine);
      const serverMs = (await serverCpuMs()) - serverBefore;
      const posts = result.requests.total;
      console.log(
        JSON.stringify({
          harness: {
            posts,
            perSecond: Math.round(posts / seconds),
            generatorCpuMsPerPost: +((used.user + used.system) / 1000 / posts).toFixed(3),
            serverCpuMsPerPost: +(serverMs / posts).toFixed(3),
          },
        }),
      );
    }
  } finally {
    child.kill();
  }
}
