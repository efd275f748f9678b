import { httpChannelPlugin, startInstance } from '@balcao/testing';
import { createSchedulesPlugin } from '../index.js';

/**
 * A Balcão worker process a test can kill with SIGKILL (crash.int.test.ts): on DATABASE_URL and DATA_DIR, with the
 * HTTP channel pointing at VENDOR_URL and schedule claims stale after STALE_CLAIM_SECONDS and the due sweep every SWEEP_EVERY; the outbox and jobs
 * timings from the environment. It prints `ready` once it runs jobs.
 */
const env = process.env;
const passed = [
  'OUTBOX_LEASE_SECONDS',
  'OUTBOX_POLL_MS',
  'OUTBOX_RETRY_BASE_MS',
  'JOBS_LOCK_SECONDS',
] as const;
await startInstance(
  { databaseUrl: env.DATABASE_URL ?? '', dataDir: env.DATA_DIR ?? '' },
  {
    role: 'worker',
    plugins: [
      httpChannelPlugin(env.VENDOR_URL ?? ''),
      createSchedulesPlugin({
        staleClaimSeconds: Number(env.STALE_CLAIM_SECONDS),
        sweepEvery: env.SWEEP_EVERY,
      }),
    ],
    env: Object.fromEntries(passed.flatMap((k) => (env[k] ? [[k, env[k]]] : []))),
  },
);
process.stdout.write('ready\n');
