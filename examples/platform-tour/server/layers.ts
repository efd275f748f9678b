import { sessionKeySchema } from '@balcao/sdk/plugin-api';
import { boundedString, validate } from '@balcao/sdk/rest';
import { z } from 'zod';
import type { TourRouter } from './deps.js';

// The SDK in two parts, from a plugin author's side: what a plugin is written against (`@balcao/sdk/plugin-api`: the
// ports, definePlugin, events) and the wire it shares with the UI (`@balcao/sdk/rest`: schemas, DTOs, validate).
// `@balcao/sdk` is both. Shown with the `config` port: the plugin's own settings for the company, encrypted at rest.

const keyParams = z.object({ key: sessionKeySchema });
/** A value to keep (an API key, a webhook secret), or null to forget the key. */
const valueBody = z.object({ value: boundedString(1, 4096).nullable() });

/**
 * Mounts `/api/tour/layers/config…`: the company's tour configuration through the `config` port. Keys are 1–200
 * printable characters; what is stored is encrypted, and another company never reads it (the port is bound to the
 * request's company).
 * @example mountLayers(router) // GET /api/tour/layers/config → { keys: ['apiKey'] }
 */
export function mountLayers(router: TourRouter): void {
  router.get('/tour/layers/config', async (ctx) => {
    ctx.body = { keys: await ctx.state.deps.config.keys() };
  });
  router.get('/tour/layers/config/:key', async (ctx) => {
    const { key } = validate(keyParams, ctx.params);
    ctx.body = { value: await ctx.state.deps.config.get(key) };
  });
  router.put('/tour/layers/config/:key', async (ctx) => {
    const { key } = validate(keyParams, ctx.params);
    const { value } = validate(valueBody, ctx.request.body);
    await ctx.state.deps.config.set(key, value);
    ctx.status = 204;
  });
}
