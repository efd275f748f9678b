import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { BASE } from '../attendance/server.js';

/** What `measureLogin` found: successful logins per second, their p95 and the server's CPU per login. */
export interface LoginReport {
  connections: number;
  seconds: number;
  logins: number;
  perSecond: number;
  p95: number;
  /** User + system CPU of the server process (every thread: bcrypt runs on libuv's pool) per login, in ms. */
  cpuMsPerLogin: number;
}

/** CPU time (user + system, all threads) a process has used, in ms, from /proc/<pid>/stat. */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ: 100 on every architecture Node runs on here (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Issue 30's login row: `connections` (2) clients logging in one after the other for `seconds`, every answer a
 * success (a failure would count against the login limits, and is an error here). The server's CPU is read from
 * /proc before and after, so CPU per login is load-independent where the rate is not.
 */
export async function measureLogin(
  pid: number,
  email: string,
  password: string,
  connections = 2,
  seconds = Number(process.env.BENCH_LOGIN_SECONDS ?? 10),
): Promise<LoginReport> {
  const body = JSON.stringify({ email, password });
  const send = () =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const times: number[] = [];
      const instance = autocannon(
        {
          url: `${BASE}/api/auth/login`,
          method: 'POST',
          connections,
          duration: seconds,
          headers: { 'content-type': 'application/json' },
          body,
        },
        (err, res) => (err ? reject(err) : resolve(Object.assign(res, { times }))),
      );
      instance.on('response', (_client, _status, _bytes, ms: number) => times.push(ms));
    });
  // Unmeasured: the first logins rewrite an old bcrypt hash, make the dummy hash, warm the statements and the JIT.
  for (let n = 0; n < 10; n++) {
    const res = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (!res.ok) throw new Error(`login: ${res.status}`);
  }
  const cpuBefore = await processCpuMs(pid);
  const result = (await send()) as autocannon.Result & { times: number[] };
  const cpuAfter = await processCpuMs(pid);
  if (result.non2xx || result.errors)
    throw new Error(`login: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const times = result.times.sort((a, b) => a - b);
  const logins = times.length;
  if (!logins) throw new Error('login: no answer within the run');
  return {
    connections,
    seconds,
    logins,
    perSecond: Math.round((logins / seconds) * 10) / 10,
    p95: Math.round(times[Math.min(logins - 1, Math.floor(logins * 0.95))] * 10) / 10,
    cpuMsPerLogin: Math.round(((cpuAfter - cpuBefore) / logins) * 10) / 10,
  };
}
