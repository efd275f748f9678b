import { definePlugin, idField, validate } from '@balcao/sdk';
import { z } from 'zod';
import { quickMessageListQuery, quickMessageSchema } from '../shared/quick-message.js';
import { quickMessageErrors } from './errors.js';
import { migrations } from './migrations.js';
import { QuickMessage } from './quick-message.entity.js';
import { QuickMessagesService, toQuickMessageDto } from './quick-messages-service.js';

const idParams = z.object({ id: idField });

/**
 * Quick replies (spec part 2 §2, §7 "Quick replies"; issue 27): every tenant has them. The page lists, searches and
 * edits them; the composer offers them after '/'. Routes answer as the signed-in user (their own and shared replies).
 */
export default definePlugin({
  name: 'quick-messages',
  requires: ['em', 'realtime', 'media'],
  errors: quickMessageErrors,
  entities: [QuickMessage],
  migrations,
  services: (deps) => ({ quickMessages: new QuickMessagesService(deps) }),
  routes(router) {
    router.get('/quick-messages', async (ctx) => {
      const { searchParam, pageNumber } = validate(quickMessageListQuery, ctx.query);
      ctx.body = await ctx.state.deps.quickMessages.list(ctx.state.user, searchParam, pageNumber);
    });
    router.get('/quick-messages/:id', async (ctx) => {
      const { id } = validate(idParams, ctx.params);
      const row = await ctx.state.deps.quickMessages.find(ctx.state.user, id);
      ctx.body = toQuickMessageDto(row, ctx.state.user);
    });
    router.post('/quick-messages', async (ctx) => {
      const input = validate(quickMessageSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await ctx.state.deps.quickMessages.create(ctx.state.user, input);
    });
    router.put('/quick-messages/:id', async (ctx) => {
      const { id } = validate(idParams, ctx.params);
      const input = validate(quickMessageSchema, ctx.request.body);
      ctx.body = await ctx.state.deps.quickMessages.update(ctx.state.user, id, input);
    });
    router.delete('/quick-messages/:id', async (ctx) => {
      const { id } = validate(idParams, ctx.params);
      await ctx.state.deps.quickMessages.remove(ctx.state.user, id);
      ctx.status = 204;
    });
    // Spec: multipart with `typeArch` and `file`; the file goes to the company's media store (the media port's checks).
    router.post('/quick-messages/:id/media-upload', async (ctx) => {
      const { id } = validate(idParams, ctx.params);
      // Checked before the body is read: a reply the user may not change costs no upload.
      await ctx.state.deps.quickMessages.find(ctx.state.user, id);
      const { files } = await ctx.state.readUpload({ field: 'file' });
      ctx.body = await ctx.state.deps.quickMessages.attachMedia(ctx.state.user, id, files[0]);
    });
    router.delete('/quick-messages/:id/media-upload', async (ctx) => {
      const { id } = validate(idParams, ctx.params);
      ctx.body = await ctx.state.deps.quickMessages.removeMedia(ctx.state.user, id);
    });
  },
});
