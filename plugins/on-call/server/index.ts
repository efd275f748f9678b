import { definePlugin, validate } from '@balcao/sdk';
import { dutyInputSchema, dutyParams } from '../shared/duty.js';
import { REQUIRES } from './deps.js';
import { DutiesService } from './duties-service.js';
import { Duty } from './entities.js';
import { onCallErrors } from './errors.js';
import { migrations } from './migrations.js';
import { OnCallNotifier } from './notifier.js';

/**
 * On-call duty (issue 29, `/plantao`; no plan flag: the spec gates it by login only). The entries' CRUD, and a job
 * every minute that tells the person on call of tickets waiting outside service hours (README).
 */
export default definePlugin({
  name: 'on-call',
  requires: REQUIRES,
  errors: onCallErrors,
  entities: [Duty],
  migrations,
  services: (deps) => ({ duties: new DutiesService(deps) }),
  routes(router) {
    router.get('/plantao', async (ctx) => {
      ctx.body = await ctx.state.deps.duties.list();
    });
    router.get('/plantao/:id', async (ctx) => {
      ctx.body = await ctx.state.deps.duties.find(validate(dutyParams, ctx.params).id);
    });
    router.post('/plantao', async (ctx) => {
      const input = validate(dutyInputSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await ctx.state.deps.duties.create(ctx.state.companyId, input);
    });
    router.put('/plantao/:id', async (ctx) => {
      const { id } = validate(dutyParams, ctx.params);
      ctx.body = await ctx.state.deps.duties.update(id, validate(dutyInputSchema, ctx.request.body));
    });
    router.delete('/plantao/:id', async (ctx) => {
      await ctx.state.deps.duties.remove(ctx.state.companyId, validate(dutyParams, ctx.params).id);
      ctx.body = { message: 'Plantão removido com sucesso' };
    });
  },
  jobs: [
    {
      name: 'notify',
      every: '1 minute',
      handler: async ({ companyId, deps }) => {
        await new OnCallNotifier(deps).run(companyId);
      },
    },
  ],
});
