import { companyCreateSchema, companyUpdateSchema, pageQuery } from '@balcao/sdk';
import { requireSuper } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';

/** Companies are managed by super users only. */
export function companiesRoutes(router: AppRouter): void {
  router.get('/companies', requireSuper, async (ctx) => {
    ctx.body = (await ctx.state.services.companies.list()).companies;
  });
  router.get('/companies/list', requireSuper, async (ctx) => {
    ctx.body = (await ctx.state.services.companies.list()).companies;
  });
  router.get('/companiesPlan', requireSuper, async (ctx) => {
    const q = validate(pageQuery, ctx.query);
    const { companies, hasMore, count } = await ctx.state.services.companies.list(
      q.searchParam,
      q.pageNumber,
    );
    ctx.body = { companies, hasMore, count };
  });
  router.get('/companies/listPlan/:id', requireSuper, async (ctx) => {
    ctx.body = await ctx.state.services.companies.get(idParam(ctx.params.id));
  });
  router.get('/companies/:id', requireSuper, async (ctx) => {
    ctx.body = await ctx.state.services.companies.get(idParam(ctx.params.id));
  });
  router.post('/companies', requireSuper, async (ctx) => {
    ctx.status = 201;
    ctx.body = await ctx.state.services.companies.create(validate(companyCreateSchema, ctx.request.body));
  });
  router.put('/companies/:id', requireSuper, async (ctx) => {
    const input = validate(companyUpdateSchema, ctx.request.body);
    ctx.body = await ctx.state.services.companies.update(idParam(ctx.params.id), input);
  });
  router.delete('/companies/:id', requireSuper, async (ctx) => {
    await ctx.state.services.companies.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });
}
