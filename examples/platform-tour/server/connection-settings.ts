import { idField, sessionKeySchema, validate } from '@balcao/sdk';
import { z } from 'zod';
import type { TourRouter } from './deps.js';

// A plugin's settings per connection, from a plugin author's side: what its tab in the connection dialog (the
// `connection.dialog.tabs` slot) saves and its bot engine reads for that connection (`config.forConnection`).

const params = z.object({ connectionId: idField, key: sessionKeySchema });
const valueBody = z.object({ value: z.string().min(1).max(4096).nullable() });

/**
 * Mounts `/api/tour/connections/:connectionId/settings[/:key]`: the tour's settings for one connection of the company.
 * Another company's connection is 404 ERR_NO_WAPP_FOUND (the port looks the id up inside the request's company).
 * @example mountConnectionSettings(router) // PUT /api/tour/connections/3/settings/promptId { value: '7' }
 */
export function mountConnectionSettings(router: TourRouter): void {
  router.get('/tour/connections/:connectionId/settings', async (ctx) => {
    const { connectionId } = validate(z.object({ connectionId: idField }), ctx.params);
    const settings = await ctx.state.deps.config.forConnection(connectionId);
    ctx.body = { keys: await settings.keys() };
  });
  router.get('/tour/connections/:connectionId/settings/:key', async (ctx) => {
    const { connectionId, key } = validate(params, ctx.params);
    ctx.body = { value: await (await ctx.state.deps.config.forConnection(connectionId)).get(key) };
  });
  router.put('/tour/connections/:connectionId/settings/:key', async (ctx) => {
    const { connectionId, key } = validate(params, ctx.params);
    const { value } = validate(valueBody, ctx.request.body);
    await (await ctx.state.deps.config.forConnection(connectionId)).set(key, value);
    ctx.status = 204;
  });
}
