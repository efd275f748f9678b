import { readFileSync } from 'node:fs';
import path from 'node:path';
import { acceptedLanguage, FALLBACK_LANGUAGE, type Language, matchLanguage } from '@balcao/sdk';
import type { RouterContext } from '@koa/router';
import type { AppRouter, AppState } from '../../http/types.js';
import { REPO_ROOT } from '../../kernel/discover-plugins.js';
import type { PluginHost } from '../../kernel/plugin-host.js';

const VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;

/**
 * The language labels are answered in: `?lang=` when supported (the UI's current language), else the user's saved
 * one, else the browser's `Accept-Language` (the fallback language when none fits).
 */
async function answerLanguage(ctx: RouterContext<AppState>): Promise<Language> {
  const asked = typeof ctx.query.lang === 'string' ? matchLanguage(ctx.query.lang.slice(0, 20)) : null;
  if (asked) return asked;
  const rows = await ctx.state.em
    .getConnection()
    .execute<{ language: string | null }[]>('select language from users where id = ?', [ctx.state.user.id]);
  return matchLanguage(rows[0]?.language ?? '') ?? acceptedLanguage(ctx.get('accept-language'));
}

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
  // Every signed-in user: the UI loads the tenant's enabled plugins from it, the plans dialog their declared flags.
  router.get('/plugins', async (ctx) => {
    // The language costs a query only when there are labels to translate.
    const labels = host.loaded.some((p) => p.planFlags?.length);
    const language = labels ? await answerLanguage(ctx) : FALLBACK_LANGUAGE;
    ctx.body = await host.infoFor(ctx.state.scope, ctx.state.companyId, language);
  });
}
