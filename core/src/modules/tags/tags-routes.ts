import { countField, pageQuery, tagSchema, tagSyncSchema } from '@balcao/sdk';
import { z } from 'zod';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';
import { tagUpdateSchema } from './tags-service.js';

const kanbanQuery = z.object({ kanban: countField.optional() });
const tagPageQuery = pageQuery.extend(kanbanQuery.shape);

/** Tags are shared by the company's users: anyone signed in may read and change them. */
export function tagsRoutes(router: AppRouter): void {
  router.get('/tags', async (ctx) => {
    ctx.body = await ctx.state.services.tags.page(ctx.state.companyId, validate(tagPageQuery, ctx.query));
  });
  router.get('/tags/list', async (ctx) => {
    ctx.body = await ctx.state.services.tags.list(validate(kanbanQuery, ctx.query).kanban);
  });
  router.get('/tags/kanban', async (ctx) => {
    ctx.body = { lista: await ctx.state.services.tags.list(1) };
  });
  router.get('/tags/:id', async (ctx) => {
    ctx.body = await ctx.state.services.tags.get(idParam(ctx.params.id));
  });
  router.post('/tags/sync', async (ctx) => {
    const { contactId, tags } = validate(tagSyncSchema, ctx.request.body);
    const ids = tags.map((t) => t.id);
    ctx.body = await ctx.state.services.tags.syncContact(ctx.state.companyId, contactId, ids);
  });
  router.post('/tags', async (ctx) => {
    const input = validate(tagSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.tags.create(ctx.state.companyId, ctx.state.user.id, input);
  });
  router.put('/tags/:id', async (ctx) => {
    const input = validate(tagUpdateSchema, ctx.request.body);
    ctx.body = await ctx.state.services.tags.update(idParam(ctx.params.id), input);
  });
  router.delete('/tags/:id', async (ctx) => {
    await ctx.state.services.tags.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });
  router.get('/contactTags/:contactId', async (ctx) => {
    ctx.body = await ctx.state.services.tags.ofContact(
      ctx.state.companyId,
      idParam(ctx.params.contactId, 'contactId'),
    );
  });
}
