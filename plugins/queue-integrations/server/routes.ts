import { AppError, type PluginRouter, validate } from '@balcao/sdk';
import {
  integrationIdParams,
  integrationInputSchema,
  integrationListQuery,
  testSessionSchema,
} from '../shared/integration.js';
import type { IntegrationDeps } from './deps.js';
import { type GoogleEndpoints, testSession } from './engines/dialogflow.js';

/** Records hold the company's bot credentials and signing keys: admins only. */
function adminOnly(profile: string): void {
  if (profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
}

/** Spec part 2 §7 "Queue integrations", under /api. */
export function integrationRoutes(router: PluginRouter<IntegrationDeps>, google: GoogleEndpoints): void {
  router.use('/queueIntegration', async (ctx, next) => {
    adminOnly(ctx.state.user.profile);
    await next();
  });
  router.get('/queueIntegration', async (ctx) => {
    const { searchParam, pageNumber } = validate(integrationListQuery, ctx.query);
    ctx.body = await ctx.state.deps.records.list(searchParam, pageNumber);
  });
  router.post('/queueIntegration/testSession', async (ctx) => {
    const input = validate(testSessionSchema, ctx.request.body);
    ctx.body = await testSession(ctx.state.deps, google, input);
  });
  router.post('/queueIntegration', async (ctx) => {
    const input = validate(integrationInputSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.deps.records.create(ctx.state.companyId, input);
  });
  router.get('/queueIntegration/:id', async (ctx) => {
    const { id } = validate(integrationIdParams, ctx.params);
    ctx.body = await ctx.state.deps.records.show(id);
  });
  router.put('/queueIntegration/:id', async (ctx) => {
    const { id } = validate(integrationIdParams, ctx.params);
    const input = validate(integrationInputSchema, ctx.request.body);
    ctx.body = await ctx.state.deps.records.update(ctx.state.companyId, id, input);
  });
  router.delete('/queueIntegration/:id', async (ctx) => {
    const { id } = validate(integrationIdParams, ctx.params);
    await ctx.state.deps.records.remove(ctx.state.companyId, id);
    ctx.status = 204;
  });
}
