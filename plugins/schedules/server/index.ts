import { defineJob, definePlugin, idField, validate } from '@balcao/sdk';
import { z } from 'zod';
import { scheduleInputSchema, scheduleListQuery, scheduleParams } from '../shared/schedule.js';
import { REQUIRES, type SchedulesDeps } from './deps.js';
import { ScheduleDispatcher, STALE_CLAIM_MS } from './dispatcher.js';
import { schedulesErrors } from './errors.js';
import { mediaRoutes } from './media.js';
import { migrations } from './migrations.js';
import { Schedule } from './schedule.entity.js';
import { SchedulesService, SEND_JOB } from './schedules-service.js';

/** Options of {@link createSchedulesPlugin}. */
export interface SchedulesPluginOptions {
  /** How old a row's claim is when a dead run's (STALE_CLAIM_MS by default); a crash test shortens it. */
  staleClaimSeconds?: number;
  /** How often the `due` sweep runs ('1 minute' by default): a crash test has it pick stale claims up sooner. */
  sweepEvery?: string;
}

/**
 * Scheduled messages (issue 27, plan flag useSchedules): `/api/schedules` CRUD and retry; a `send` job booked at each
 * schedule's time and a `due` sweep every minute send each one exactly once through the connection of the contact's
 * ticket (or the company's default), as the company.
 * @example startKernel({ config, plugins: [createSchedulesPlugin({ staleClaimSeconds: 1, sweepEvery: '2 seconds' })] })
 */
export function createSchedulesPlugin(options: SchedulesPluginOptions = {}) {
  const staleClaimMs =
    options.staleClaimSeconds === undefined ? STALE_CLAIM_MS : options.staleClaimSeconds * 1000;
  const dispatcher = (deps: SchedulesDeps) => new ScheduleDispatcher(deps, deps.schedules, staleClaimMs);
  return definePlugin({
    name: 'schedules',
    planFlag: 'useSchedules',
    requires: REQUIRES,
    errors: schedulesErrors,
    entities: [Schedule],
    migrations,
    services: (deps) => ({ schedules: new SchedulesService(deps) }),
    routes(router) {
      router.get('/schedules', async (ctx) => {
        ctx.body = await ctx.state.deps.schedules.list(validate(scheduleListQuery, ctx.query));
      });
      router.get('/schedules/:id', async (ctx) => {
        const { id } = validate(scheduleParams, ctx.params);
        ctx.body = await ctx.state.deps.schedules.find(id);
      });
      router.post('/schedules', async (ctx) => {
        const input = validate(scheduleInputSchema(new Date()), ctx.request.body);
        ctx.status = 201;
        ctx.body = await ctx.state.deps.schedules.create(ctx.state.companyId, ctx.state.user.id, input);
      });
      router.put('/schedules/:id', async (ctx) => {
        const { id } = validate(scheduleParams, ctx.params);
        const input = validate(scheduleInputSchema(new Date()), ctx.request.body);
        ctx.body = await ctx.state.deps.schedules.update(id, input);
      });
      router.delete('/schedules/:id', async (ctx) => {
        const { id } = validate(scheduleParams, ctx.params);
        await ctx.state.deps.schedules.remove(ctx.state.companyId, id);
        ctx.body = { message: 'Schedule deleted' };
      });
      router.post('/schedules/:id/retry', async (ctx) => {
        const { id } = validate(scheduleParams, ctx.params);
        ctx.body = await ctx.state.deps.schedules.retry(id);
      });
      mediaRoutes(router);
    },
    jobs: [
      defineJob<SchedulesDeps, { scheduleId: number }>({
        name: SEND_JOB,
        data: z.object({ scheduleId: idField }),
        handler: async ({ companyId, data, deps }) => {
          await dispatcher(deps).run(companyId, data.scheduleId);
        },
      }),
      {
        name: 'due',
        every: options.sweepEvery ?? '1 minute',
        handler: async ({ companyId, deps }) => {
          await dispatcher(deps).run(companyId);
        },
      },
    ],
  });
}

export default createSchedulesPlugin();
