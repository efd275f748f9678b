import { definePlugin, pageQuery, validate } from '@balcao/sdk';
import { greetingInputSchema } from '../shared/greeting.js';
import { Greeting } from './greeting.entity.js';
import { GreetingsService } from './greetings-service.js';
import { migrations } from './migrations.js';

/** Greetings: a route, a job, a realtime frame and a top-bar badge, all behind the `useIntegration` flag. */
export default definePlugin({
  name: 'hello',
  planFlag: 'useIntegration',
  requires: ['em', 'jobs', 'realtime', 'logger'],
  entities: [Greeting],
  migrations,
  services: (deps) => ({ greetings: new GreetingsService(deps) }),
  routes(router) {
    router.get('/hello', async (ctx) => {
      const { pageNumber } = validate(pageQuery, ctx.query);
      ctx.body = await ctx.state.deps.greetings.list(pageNumber);
    });
    router.post('/hello', async (ctx) => {
      const { message } = validate(greetingInputSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await ctx.state.deps.greetings.create(ctx.state.companyId, message);
    });
  },
  jobs: [
    {
      name: 'process',
      handler: async ({ companyId, data, deps }) => {
        await deps.greetings.markProcessed(data.greetingId);
        deps.logger.info({ companyId, greetingId: data.greetingId }, 'greeting processed');
      },
    },
  ],
});
