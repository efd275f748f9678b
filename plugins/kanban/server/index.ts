import { AppError, companyChannel, definePlugin, validate } from '@balcao/sdk';
import { boardQuerySchema, KANBAN_TOPIC, laneOrderSchema } from '../shared/board.js';
import { Board } from './board.js';
import { kanbanErrors } from './errors.js';
import { LaneOrder } from './lane-order.js';
import { migrations } from './migrations.js';

/**
 * Kanban (spec part 2 §2, §4, §7): the board of the user's tickets in lanes of kanban tags, and the admin's lane
 * order. Kanban tags themselves and a card's move are core's calls (`/api/tags`, `/api/ticket-tags`), which the UI
 * uses as they are; this plugin owns only what core has not: the board's read and the lane order.
 */
export default definePlugin({
  name: 'kanban',
  planFlag: 'useKanban',
  requires: ['em', 'viewer', 'tags', 'realtime'],
  errors: kanbanErrors,
  migrations,
  routes(router) {
    router.get('/ticket/kanban', async (ctx) => {
      ctx.body = await new Board(ctx.state.deps.viewer).read(validate(boardQuerySchema, ctx.query));
    });
    router.get('/kanban/lanes', async (ctx) => {
      ctx.body = { lanes: await new LaneOrder(ctx.state.deps, ctx.state.companyId).lanes() };
    });
    router.put('/kanban/lanes/order', async (ctx) => {
      if (ctx.state.user.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
      const { tagIds } = validate(laneOrderSchema, ctx.request.body);
      const { companyId, deps } = ctx.state;
      ctx.body = { lanes: await new LaneOrder(deps, companyId).set(tagIds) };
      // Every open board of the company takes the new order.
      await deps.realtime.publish({
        companyId,
        channel: companyChannel(companyId, KANBAN_TOPIC),
        data: { action: 'lanes' },
      });
    });
  },
});
