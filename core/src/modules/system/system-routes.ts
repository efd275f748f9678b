import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppRouter } from '../../http/types.js';
import { REPO_ROOT } from '../../kernel/discover-plugins.js';
import type { PluginHost } from '../../kernel/plugin-host.js';

const VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;

export function publicSystemRoutes(router: AppRouter, host: PluginHost): void {
  router.get('/version', (ctx) => {
    ctx.body = { version: VERSION };
  });

  router.get('/health', async (ctx) => {
    const { orm, jobsHost } = ctx.state.services;
    const database = await orm.em
      .getConnection()
      .execute('select 1')
      .then(() => 'ok' as const)
      .catch(() => 'down' as const);
    const jobs = jobsHost.status;
    const healthy = database === 'ok' && jobs !== 'stopped';
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
