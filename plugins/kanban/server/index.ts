import { AppError, companyChannel, definePlugin, validate } from '@balcao/sdk';
import {
  boardQuerySchema,
  KANBAN_TOPIC,
  laneOrderSchema,
  moveCardSchema,
  moveParamsSchema,
} from '../shared/board.js';
import { Board } from './board.js';
import { kanbanErrors } from './errors.js';
import { LaneOrder } from './lane-order.js';
import { migrations } from './migrations.js';
import { moveCard } from './move.js';

/**
 * Kanban (spec part 2 §2, §4, §7): the board of the user's tickets in lanes of kanban tags, a card's move and the
 * admin's lane order, all behind the plan's useKanban. Kanban tags themselves are core's calls (`/api/tags`), which
 * the UI uses as they are. The move is the plugin's own route (not core's `/api/ticket-tags`, which any plan may call)
 * so that a plan without the kanban cannot use it.
 */
export default definePlugin({
  name: 'kanban',
  planFlag: 'useKanban',
  requires: ['em', 'viewer', 'tags', 'tickets', 'realtime'],
  errors: kanbanErrors,
  migrations,
  routes(router) {
    router.get('/ticket/kanban', async (ctx) => {
      ctx.body = await new Board(ctx.state.deps.viewer).read(validate(boardQuerySchema, ctx.query));
    });
    router.put('/ticket/kanban/:ticketId', async (ctx) => {
      const { ticketId } = validate(moveParamsSchema, ctx.params);
      ctx.body = await moveCard(ctx.state.deps, ticketId, validate(moveCardSchema, ctx.request.body));
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
