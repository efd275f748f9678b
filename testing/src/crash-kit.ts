import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The pieces of a real-crash test (a worker process SIGKILLed while a send is in flight, a successor finishing the
 * work): a mock vendor API for `httpChannelPlugin` that records every request and leaves one unanswered, and a worker
 * child process to kill. Used by the campaigns' and the schedules' crash.int.test.ts.
 */

/** How long `held` waits for its message before it fails. */
const HELD_WITHIN_MS = 60_000;

/** One request the vendor got: the message's idempotency key, its recipient, its text. */
export interface VendorRequest {
  key: string;
  to: string;
  body: string;
}

export interface HoldingVendor {
  /** The URL to give `httpChannelPlugin`. */
  url: string;
  /** Every request, in arrival order (a resend of a key is recorded again). */
  requests: VendorRequest[];
  /** The keys the vendor answered (at least once). */
  answered: Set<string>;
  /**
   * Resolves with the held key once the `holdAt`-th distinct message arrives (it is never answered); fails after a
   * minute without it.
   */
  held: Promise<string>;
  /** Request keys by recipient: one key per recipient is one message each. */
  keysByRecipient(): Map<string, Set<string>>;
  close(): Promise<void>;
}

/**
 * Starts the mock vendor: each request is recorded and answered `{ id }`, except the first arrival of the `holdAt`-th
 * distinct key, never answered (the worker sending it dies first). A resend of that key is answered.
 */
export async function startHoldingVendor(holdAt: number): Promise<HoldingVendor> {
  const requests: VendorRequest[] = [];
  const answered = new Set<string>();
  let heldKey: string | undefined;
  let heldArrived: (key: string) => void = () => {};
  const held = new Promise<string>((resolve, reject) => {
    heldArrived = resolve;
    // A test waiting for it names what went wrong instead of running into its own timeout.
    const late = () =>
      reject(
        new Error(`the vendor got ${requests.length} requests, not ${holdAt} distinct messages, in a minute`),
      );
    setTimeout(late, HELD_WITHIN_MS).unref();
  });
  held.catch(() => undefined);
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const m = JSON.parse(raw) as VendorRequest;
      const first = !requests.some((r) => r.key === m.key);
      requests.push(m);
      if (first && heldKey === undefined && new Set(requests.map((r) => r.key)).size === holdAt) {
        heldKey = m.key;
        heldArrived(m.key);
        return;
      }
      answered.add(m.key);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: `wa-${m.key.slice(0, 8)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    requests,
    answered,
    held,
    keysByRecipient() {
      const keys = new Map<string, Set<string>>();
      for (const r of requests) keys.set(r.to, (keys.get(r.to) ?? new Set()).add(r.key));
      return keys;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Spawns a worker script (run with tsx) with `env` added to this process's; resolves once it prints `ready`, rejects
 * when it exits before.
 */
export function spawnWorker(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

/** SIGKILLs the worker (no shutdown code runs) and waits for it to be gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await gone;
}
