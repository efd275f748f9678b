import { definePlugin, validate } from '@balcao/sdk';
import { type Task, type TasksDto, tasksBodySchema } from '../shared/tasks.js';
import { migrations } from './migrations.js';

/**
 * The to-do list (spec part 2 §2, every plan): the signed-in user's own tasks. The browser keeps its copy under
 * `tasks`; this store lets the list follow the user to another browser. Only ever read and written for
 * `ctx.state.user`: no route takes a user id.
 */
export default definePlugin({
  name: 'todo',
  requires: ['em'],
  migrations,
  routes(router) {
    router.get('/todo', async (ctx) => {
      const rows = await ctx.state.deps.em.execute<{ tasks: Task[] }[]>(
        'select tasks from todo_lists where user_id = ? and company_id = ?',
        [ctx.state.user.id, ctx.state.companyId],
      );
      ctx.body = { tasks: rows[0]?.tasks ?? [] } satisfies TasksDto;
    });
    router.put('/todo', async (ctx) => {
      const { tasks } = validate(tasksBodySchema, ctx.request.body);
      await ctx.state.deps.em.execute(
        `insert into todo_lists (user_id, company_id, tasks) values (?, ?, ?::jsonb)
          on conflict (user_id) do update set tasks = excluded.tasks, updated_at = now()`,
        [ctx.state.user.id, ctx.state.companyId, JSON.stringify(tasks)],
      );
      ctx.body = { tasks } satisfies TasksDto;
    });
  },
});
