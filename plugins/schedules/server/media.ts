import { validate } from '@balcao/sdk';
import { mediaUploadSchema } from '../shared/schedule.js';
import type { SchedulesRouter } from './deps.js';

/**
 * `POST /api/schedules/media`: stores an attachment in the company's media store (the upload's checks apply there:
 * no markup or executables) and answers what a schedule's `media` holds.
 */
export function mediaRoutes(router: SchedulesRouter): void {
  router.post('/schedules/media', async (ctx) => {
    const { fileName, mimeType, data } = validate(mediaUploadSchema, ctx.request.body);
    const stored = await ctx.state.deps.media.store({
      data: new Uint8Array(Buffer.from(data, 'base64')),
      fileName,
      mimeType,
    });
    ctx.status = 201;
    ctx.body = { url: stored.url, type: stored.type, name: fileName };
  });
}
