import {
  dateField,
  messageForwardSchema,
  messageMediaFieldsSchema,
  messageReactionSchema,
  messageSendSchema,
  pageQuery,
} from '@balcao/sdk';
import { z } from 'zod';
import type { AppRouter } from '../../http/types.js';
import { idList, idParam, validate } from '../../http/validate.js';
import { MEDIA_MAX_FILES, multipartUpload, type UploadedFile } from './media-storage.js';
import { countMessages } from './message-counts.js';

/** Files in the order they were sent: formidable lists them as their writes finish, which a larger file may lose. */
let fileSeq = 0;
const sentOrder = new WeakMap<object, number>();
const bySentOrder = (a: object, b: object) => (sentOrder.get(a) ?? 0) - (sentOrder.get(b) ?? 0);

/** Multipart is parsed only on this route: files land in the temp folder, media-storage copies the accepted ones. */
const mediaUpload = multipartUpload('medias', {
  maxFiles: MEDIA_MAX_FILES,
  onFileBegin: (_name, file) => void sentOrder.set(file, ++fileSeq),
});

const allMeQuery = z.object({
  fromMe: z.enum(['true', 'false']).optional(),
  dateStart: dateField.optional(),
  dateEnd: dateField.optional(),
});

/** Spec §7 GET /messages/{ticketId} `selectedQueues` (JSON array of queue ids). */
const selectedQueuesQuery = z.object({ selectedQueues: z.string().max(2000).optional() });

export function messagesRoutes(router: AppRouter): void {
  router.get('/messages-allMe', async (ctx) => {
    const q = validate(allMeQuery, ctx.query);
    const fromMe = q.fromMe === undefined ? undefined : q.fromMe === 'true';
    const count = await countMessages(ctx.state.em, ctx.state.companyId, { ...q, fromMe });
    ctx.body = { count: [{ count }] };
  });

  router.get('/messages/:ticketId', async (ctx) => {
    const { pageNumber } = validate(pageQuery, ctx.query);
    const { selectedQueues } = validate(selectedQueuesQuery, ctx.query);
    ctx.body = await ctx.state.services.messages.list(
      ctx.state.user,
      idParam(ctx.params.ticketId, 'ticketId'),
      pageNumber,
      idList(selectedQueues, 'selectedQueues'),
    );
  });
  // JSON (text, contact card) or multipart (`medias`, one or more files, with body, isPrivate, signMessage).
  router.post('/messages/:ticketId', mediaUpload, async (ctx) => {
    const ticketId = idParam(ctx.params.ticketId, 'ticketId');
    const { messages } = ctx.state.services;
    ctx.status = 201;
    if (!ctx.is('multipart')) {
      ctx.body = await messages.send(ctx.state.user, ticketId, validate(messageSendSchema, ctx.request.body));
      return;
    }
    const upload = ctx.request.files?.medias;
    const files = (
      Array.isArray(upload) ? [...upload].sort(bySentOrder) : upload ? [upload] : []
    ) as UploadedFile[];
    const fields = validate(messageMediaFieldsSchema, ctx.request.body);
    ctx.body = await messages.sendMedia(ctx.state.user, ticketId, files, fields);
  });
  router.delete('/messages/:id', async (ctx) => {
    await ctx.state.services.messages.remove(ctx.state.user, idParam(ctx.params.id));
    ctx.status = 204;
  });
  router.post('/messages/:id/retry', async (ctx) => {
    await ctx.state.services.messages.retry(ctx.state.user, idParam(ctx.params.id));
    ctx.status = 204;
  });
  // An attendant's reaction to a message (one emoji; empty takes it off): answers the stored reaction.
  router.post('/messages/:messageId/reactions', async (ctx) => {
    const messageId = idParam(ctx.params.messageId, 'messageId');
    const { emoji } = validate(messageReactionSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.messageReactions.react(ctx.state.user, messageId, emoji);
  });
  router.post('/message/forward', async (ctx) => {
    const input = validate(messageForwardSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.messageForward.forward(ctx.state.user, input);
  });
}
