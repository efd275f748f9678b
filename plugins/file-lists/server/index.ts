import { AppError, type AuthUser, definePlugin, validate } from '@balcao/sdk';
import {
  fileListIdParam,
  fileListInputSchema,
  fileListQuery,
  fileOptionParams,
  fileUploadQuery,
} from '../shared/file-list.js';
import { FileList, FileListOption } from './entities.js';
import { fileListErrors } from './errors.js';
import { FileListsService } from './file-lists-service.js';
import { migrations } from './migrations.js';
import { readFileBody } from './read-body.js';

/** File lists are the admins' (spec part 1 §2: /files is in the admin menu). */
function requireAdmin(user: AuthUser) {
  if (user.profile !== 'admin' && !user.super) throw new AppError('ERR_NO_PERMISSION', 403);
}

/**
 * File lists (spec part 2 "File lists", /files): a message and its attachments, which a chatbot option of type file
 * sends to the contact who picks it, and a queue to every ticket entering it. Every plan has them (the spec names no
 * flag).
 */
export default definePlugin({
  name: 'file-lists',
  requires: ['em', 'media', 'messages', 'logger'],
  entities: [FileList, FileListOption],
  migrations,
  errors: fileListErrors,
  services: (deps) => ({ fileLists: new FileListsService(deps) }),
  routes(router) {
    router.get('/files', async (ctx) => {
      requireAdmin(ctx.state.user);
      const { searchParam, pageNumber } = validate(fileListQuery, ctx.query);
      ctx.body = await ctx.state.deps.fileLists.list(searchParam, pageNumber);
    });
    router.get('/files/:id', async (ctx) => {
      requireAdmin(ctx.state.user);
      const { id } = validate(fileListIdParam, ctx.params);
      ctx.body = await ctx.state.deps.fileLists.find(id);
    });
    router.post('/files', async (ctx) => {
      requireAdmin(ctx.state.user);
      const body = validate(fileListInputSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await ctx.state.deps.fileLists.create(ctx.state.companyId, ctx.state.user.id, body);
    });
    router.put('/files/:id', async (ctx) => {
      requireAdmin(ctx.state.user);
      const { id } = validate(fileListIdParam, ctx.params);
      const body = validate(fileListInputSchema, ctx.request.body);
      ctx.body = await ctx.state.deps.fileLists.update(id, body);
    });
    // The body is the file itself (application/octet-stream), its name and type in the query: no multipart parser
    // is needed, and the size is refused while reading.
    router.post('/files/:id/options/:optionId/file', async (ctx) => {
      requireAdmin(ctx.state.user);
      const { id, optionId } = validate(fileOptionParams, ctx.params);
      const { fileName, mimeType } = validate(fileUploadQuery, ctx.query);
      const data = await readFileBody(ctx.req);
      if (!data.length)
        throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'file', message: 'Invalid upload' }] });
      ctx.body = await ctx.state.deps.fileLists.upload(id, optionId, { data, fileName, mimeType });
    });
    router.delete('/files/:id', async (ctx) => {
      requireAdmin(ctx.state.user);
      const { id } = validate(fileListIdParam, ctx.params);
      await ctx.state.deps.fileLists.remove(id);
      ctx.body = { message: 'File list deleted' };
    });
  },
  subscribers: [
    {
      event: 'ticket.fileList.requested',
      handler: async ({ ticketId, fileListId }, deps) => deps.fileLists.sendTo(ticketId, fileListId),
    },
  ],
});
