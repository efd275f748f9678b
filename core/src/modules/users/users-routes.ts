import { AppError, pageQuery, userCreateSchema, userUpdateSchema } from '@balcao/sdk';
import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, requiredFile, validate } from '../../http/validate.js';
import { multipartUpload, type UploadedFile } from '../messages/media-storage.js';

/** One image in `profileImage` (the spec's userId and typeArch fields come along and are not needed). */
const profileImageUpload = multipartUpload('profileImage', { maxFiles: 1 });

export function usersRoutes(router: AppRouter): void {
  router.get('/users', requireAdmin, async (ctx) => {
    const q = validate(pageQuery, ctx.query);
    ctx.body = await ctx.state.services.users.list(q.searchParam, q.pageNumber);
  });
  router.get('/users/list', async (ctx) => {
    ctx.body = await ctx.state.services.users.listNames();
  });
  router.get('/users/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    if (ctx.state.user.profile !== 'admin' && ctx.state.user.id !== id)
      throw new AppError('ERR_NO_PERMISSION', 403);
    ctx.body = await ctx.state.services.users.get(id);
  });
  router.post('/users', requireAdmin, async (ctx) => {
    ctx.status = 201;
    ctx.body = await ctx.state.services.users.create(
      ctx.state.user,
      ctx.state.companyId,
      validate(userCreateSchema, ctx.request.body),
    );
  });
  router.put('/users/:id', async (ctx) => {
    const input = validate(userUpdateSchema, ctx.request.body);
    ctx.body = await ctx.state.services.users.update(ctx.state.user, idParam(ctx.params.id), input);
  });
  router.post('/users/:id/media-upload', profileImageUpload, async (ctx) => {
    const file = requiredFile(ctx.request.files?.profileImage, 'profileImage') as UploadedFile;
    ctx.body = await ctx.state.services.users.setProfileImage(ctx.state.user, idParam(ctx.params.id), file);
  });
  router.delete('/users/:id', requireAdmin, async (ctx) => {
    await ctx.state.services.users.remove(ctx.state.user, idParam(ctx.params.id));
    ctx.status = 204;
  });
}
