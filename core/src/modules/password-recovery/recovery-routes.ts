import {
  passwordResetSchema,
  recoveryNumberParams,
  recoverySendSchema,
  recoveryVerifySchema,
} from '@balcao/sdk';
import type { AppRouter } from '../../http/types.js';
import { validate } from '../../http/validate.js';

/**
 * The spec's password-reset calls (part 2 §7), public and rate limited, made safe:
 * - `POST /api/enviar-email` `{ wpp }` → `{ userId }`: an opaque attempt id (never the account's id), for any number;
 * - `POST /api/verificar-code/{number}` `{ userId, code }` → `{ valid: true, token }` (the spec's GET answered the code
 *   itself; a POST keeps the typed code out of URLs and logs, and the code never comes back);
 * - `PUT /api/atualizar-senha` `{ userId, token, newPassword }` → 204.
 */
export function recoveryRoutes(router: AppRouter): void {
  router.post('/enviar-email', async (ctx) => {
    const input = validate(recoverySendSchema, ctx.request.body);
    ctx.body = await ctx.state.services.recovery.send(input, { ip: ctx.ip });
  });

  router.post('/verificar-code/:number', async (ctx) => {
    const { number } = validate(recoveryNumberParams, ctx.params);
    const input = validate(recoveryVerifySchema, ctx.request.body);
    ctx.body = await ctx.state.services.recovery.verify(number, input, { ip: ctx.ip });
  });

  router.put('/atualizar-senha', async (ctx) => {
    const input = validate(passwordResetSchema, ctx.request.body);
    await ctx.state.services.recovery.reset(input, { ip: ctx.ip });
    ctx.status = 204;
  });
}
