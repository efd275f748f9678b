import {
  AppError,
  companyCreateSchema,
  companyUpdateSchema,
  pageQuery,
  weeklyScheduleSchema,
} from '@balcao/sdk';
import { z } from 'zod';
import { requireAdmin, requireSuper } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';

const schedulesBody = z.object({ schedules: weeklyScheduleSchema });

/**
 * Companies are managed by super users only; a company's own admins read and set its service hours (the settings
 * page's schedules tab), a super user any company's.
 */
export function companiesRoutes(router: AppRouter): void {
  const ownCompany = (ctx: {
    params: { id?: string };
    state: { companyId: number; user: { super?: boolean } };
  }) => {
    const id = idParam(ctx.params.id);
    if (id !== ctx.state.companyId && !ctx.state.user.super) throw new AppError('ERR_NO_PERMISSION', 403);
    return id;
  };
  router.get('/companies/:id/schedules', requireAdmin, async (ctx) => {
    ctx.body = { schedules: await ctx.state.services.companies.schedules(ownCompany(ctx)) };
  });
  router.put('/companies/:id/schedules', requireAdmin, async (ctx) => {
    const id = ownCompany(ctx);
    const { schedules } = validate(schedulesBody, ctx.request.body);
    ctx.body = { schedules: await ctx.state.services.companies.setSchedules(id, schedules) };
  });
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
