import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppRouter } from '../../http/types.js';
import { REPO_ROOT } from '../../kernel/discover-plugins.js';
import type { PluginHost } from '../../kernel/plugin-host.js';

const VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;

/** How long /api/health waits for the database and the job runner's backend before calling them unreachable. */
const PROBE_MS = 2_000;

/** True when `probe` succeeds within PROBE_MS (a database that does not answer at all must not hang the check). */
async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_MS);
  });
  const settled = probe().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function publicSystemRoutes(router: AppRouter, host: PluginHost): void {
  // The release, and where the connections screen's "call support" leads (SUPPORT_URL; null: no button).
  router.get('/version', (ctx) => {
    ctx.body = { version: VERSION, supportUrl: ctx.state.services.config.supportUrl };
  });

  router.get('/health', async (ctx) => {
    const { orm, jobsHost } = ctx.state.services;
    const [databaseAnswers, jobsAnswer] = await Promise.all([
      answers(() => orm.em.getConnection().execute('select 1')),
      jobsHost.status !== 'stopped' && answers(() => jobsHost.ping()),
    ]);
    const database = databaseAnswers ? 'ok' : 'unreachable';
    // running (this instance processes jobs), connected (role web: enqueues only), stopped, or unreachable.
    const jobs = jobsHost.status === 'stopped' ? 'stopped' : jobsAnswer ? jobsHost.status : 'unreachable';
    const healthy = database === 'ok' && (jobs === 'running' || jobs === 'connected');
    ctx.status = healthy ? 200 : 503;
    ctx.body = {
      status: healthy ? 'ok' : 'degraded',
      database,
      jobs,
      plugins: { loaded: host.loaded.map((p) => p.name), failed: host.failures.map((f) => f.name) },
    };
  });
}

export function systemRoutes(router: AppRouter, host: PluginHost): void {
  router.get('/plugins', async (ctx) => {
    ctx.body = await host.enabledFor(ctx.state.scope, ctx.state.companyId);
  });
}
