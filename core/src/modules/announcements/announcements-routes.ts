import { announcementSchema, pageQuery } from '@balcao/sdk';
import { requireSuper } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, requiredFile, validate } from '../../http/validate.js';
import { multipartUpload, type UploadedFile } from '../messages/media-storage.js';

/** One image in `file` (the spec's typeArch comes along and is not needed). */
const imageUpload = multipartUpload('file', { maxFiles: 1 });

/** Spec part 2 §7 Announcements: everyone signed in reads, super users write. */
export function announcementsRoutes(router: AppRouter): void {
  router.get('/announcements', async (ctx) => {
    ctx.body = await ctx.state.services.announcements.page(ctx.state.user, validate(pageQuery, ctx.query));
  });
  // Before `/announcements/:id`, which would take "seen" for an id.
  router.get('/announcements/seen', async (ctx) => {
    ctx.body = await ctx.state.services.announcements.seen(ctx.state.user);
  });
  router.post('/announcements/seen', async (ctx) => {
    ctx.body = await ctx.state.services.announcements.markSeen(ctx.state.user);
  });
  router.get('/announcements/:id', async (ctx) => {
    ctx.body = await ctx.state.services.announcements.get(ctx.state.user, idParam(ctx.params.id));
  });
  router.get('/announcements/:id/media', async (ctx) => {
    const image = await ctx.state.services.announcements.image(ctx.state.user, idParam(ctx.params.id));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = image.type;
    ctx.length = image.size;
    ctx.body = image.stream;
  });
  router.post('/announcements', requireSuper, async (ctx) => {
    const input = validate(announcementSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.announcements.create(ctx.state.user, input);
  });
  router.put('/announcements/:id', requireSuper, async (ctx) => {
    const id = idParam(ctx.params.id);
    const input = validate(announcementSchema, ctx.request.body);
    ctx.body = await ctx.state.services.announcements.update(id, input);
  });
  router.delete('/announcements/:id', requireSuper, async (ctx) => {
    await ctx.state.services.announcements.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });
  router.post('/announcements/:id/media-upload', requireSuper, imageUpload, async (ctx) => {
    const id = idParam(ctx.params.id);
    const file = requiredFile(ctx.request.files?.file, 'file') as UploadedFile;
    ctx.body = await ctx.state.services.announcements.setImage(id, file);
  });
  router.delete('/announcements/:id/media-upload', requireSuper, async (ctx) => {
    ctx.body = await ctx.state.services.announcements.removeImage(idParam(ctx.params.id));
  });
}
