import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import { httpChannelPlugin, startInstance } from '@balcao/testing';
import { createCampaignsPlugin } from '../index.js';

/**
 * A Balcão worker process a test can kill with SIGKILL (crash.int.test.ts): on DATABASE_URL and DATA_DIR, with the
 * HTTP channel pointing at VENDOR_URL and the campaigns' leases of CAMPAIGN_LEASE_SECONDS; the outbox and jobs
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
      contactLists,
      createCampaignsPlugin({ leaseSeconds: Number(env.CAMPAIGN_LEASE_SECONDS) }),
    ],
    env: Object.fromEntries(passed.flatMap((k) => (env[k] ? [[k, env[k]]] : []))),
  },
);
process.stdout.write('ready\n');
