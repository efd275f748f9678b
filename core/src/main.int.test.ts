import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './kernel/prebuilt.js';

/**
 * `npm start` on the embedded PostgreSQL: the prebuilt server (core/scripts/build-server.mjs, built here into a folder
 * of its own) under plain `node`, stopped the way a terminal or a service manager stops it: SIGTERM to the whole
 * process group. The app's pools close before PostgreSQL stops, so the log shows no connection errors or stacks.
 */
let child: ChildProcess | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'balcao-clean-stop-'));
const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_DIR = 'dist/server-main-test';
/** Resident memory at idle, in MB: a generous bound over the ~160 MB measured (issue 30's goal is 150 MB). */
const IDLE_RSS_BOUND_MB = 220;

afterAll(() => {
  if (child?.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.join(ROOT, BUILD_DIR), { recursive: true, force: true });
});

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

describe('the prebuilt server: start and clean stop', () => {
  it("npm start runs the prebuilt server with the server's V8 flags", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server/core/src/main.js`);
  });

  it('answers /api/health under an idle RSS bound; on SIGTERM it stops its pools, then the embedded PostgreSQL, and exits 0 with no error logged', async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'core/scripts/build-server.mjs'), BUILD_DIR], {
      cwd: ROOT,
    });
    const { DATABASE_URL: _db, TEST_DATABASE_URL: _test, ...env } = process.env;
    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, BUILD_DIR, 'core/src/main.js')], {
      env: {
        ...env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        PORT: '0',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
      },
      // Its own process group, as a terminal's job: the signal below reaches every process in it.
      detached: true,
    });
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      out += chunk;
    });
    const exit = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    for (const deadline = Date.now() + 150_000; !out.includes('Balcão is running'); ) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = /Open (http\S+)/.exec(out)?.[1];
    const health = await fetch(`${url}/api/health`);
    expect(health.status, out).toBe(200);
    // Every plugin loaded from its built form (a failed one is logged "plugin disabled").
    expect(out).not.toContain('plugin disabled');
    expect(rssMb(child.pid ?? 0)).toBeLessThan(IDLE_RSS_BOUND_MB);
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    // Bounded, so that a stop that hangs fails with the product's log rather than the test's timeout.
    const code = await Promise.race([exit, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 70_000))]);
    expect(code, out).toBe(0);
    expect(out).toContain('shutting down');
    expect(out).not.toMatch(/error|\n\s+at /i);
    expect(out).not.toMatch(/connection lost|terminating connection/);
    // PostgreSQL stopped too (its pid file goes with it).
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 240_000);
});
