import { connectionSchema, connectionUpdateSchema, GREETING_MEDIA_MAX_BYTES } from '@balcao/sdk';
import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, requiredFile, validate } from '../../http/validate.js';
import { multipartUpload, type UploadedFile } from '../messages/media-storage.js';
import { forViewer } from './connection-presenter.js';

/** The greeting's media, one file in `file` (spec part 1 route table); over 16 MB the parser stops reading. */
const greetingMediaUpload = multipartUpload('file', {
  maxFiles: 1,
  maxBytes: GREETING_MEDIA_MAX_BYTES,
  tooLarge: 'ERR_GREETING_MEDIA_TOO_LARGE',
});

/** `/whatsapp`: the spec's name for connections of every channel. Reads for all users, writes for admins. */
export function connectionsRoutes(router: AppRouter): void {
  // `?contactId=`: only the connections that can write to that contact (the new-ticket dialog's choices).
  router.get('/whatsapp', async (ctx) => {
    const raw = ctx.query.contactId;
    const reaching =
      raw === undefined
        ? undefined
        : { companyId: ctx.state.user.companyId, contactId: idParam(String(raw), 'contactId') };
    ctx.body = (await ctx.state.services.connections.list(reaching)).map((c) => forViewer(c, ctx.state.user));
  });
  router.get('/whatsapp/:id', async (ctx) => {
    ctx.body = forViewer(await ctx.state.services.connections.get(idParam(ctx.params.id)), ctx.state.user);
  });
  router.post('/whatsapp', requireAdmin, async (ctx) => {
    const { connections, sessions } = ctx.state.services;
    const created = await connections.create(
      ctx.state.companyId,
      validate(connectionSchema, ctx.request.body),
    );
    // A channel with a remote session (WhatsApp) starts linking at once: the QR code follows on the socket.
    await sessions.opened(ctx.state.companyId, created.id, created.channel);
    ctx.status = 201;
    ctx.body = created;
  });
  router.put('/whatsapp/:id', requireAdmin, async (ctx) => {
    const input = validate(connectionUpdateSchema, ctx.request.body);
    ctx.body = await ctx.state.services.connections.update(
      ctx.state.companyId,
      idParam(ctx.params.id),
      input,
    );
  });
  // The greeting's media (spec part 1 route table), admins only; the tenant filter makes another company's a 404.
  router.post('/whatsapp/:id/media-upload', requireAdmin, greetingMediaUpload, async (ctx) => {
    const id = idParam(ctx.params.id);
    const file = requiredFile(ctx.request.files?.file, 'file') as UploadedFile;
    ctx.body = await ctx.state.services.connections.setGreetingMedia(ctx.state.companyId, id, file);
  });
  router.delete('/whatsapp/:id/media-upload', requireAdmin, async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await ctx.state.services.connections.removeGreetingMedia(ctx.state.companyId, id);
  });
  // Spec part 1: "close imported tickets" once a history import ended with them left open.
  router.post('/closedimported/:whatsappId', requireAdmin, async (ctx) => {
    const id = idParam(ctx.params.whatsappId, 'whatsappId');
    ctx.body = { closed: await ctx.state.services.historyImports.closeImported(ctx.state.companyId, id) };
  });
  router.delete('/whatsapp/:id', requireAdmin, async (ctx) => {
    const { connections, sessions } = ctx.state.services;
    const id = idParam(ctx.params.id);
    const doomed = await connections.get(id);
    await sessions.closing(ctx.state.companyId, id, doomed.channel);
    await connections.remove(ctx.state.companyId, id);
    ctx.status = 204;
  });
}
