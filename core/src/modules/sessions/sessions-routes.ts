import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam } from '../../http/validate.js';

/**
 * Session actions of the connections screen (spec part 1 §4 and §7), admins only: `POST /whatsappsession/{id}` try
 * again (starts the session, or restarts it), `PUT` a new QR code, `DELETE` disconnect (logout), and
 * `POST /whatsapp-restart` every session of the company. They answer once the command is handed over; the statuses
 * follow on `company-{id}-whatsappSession`. A connection whose channel has no session answers 400
 * ERR_WAPP_NOT_INITIALIZED; another company's, 404.
 */
export function sessionsRoutes(router: AppRouter): void {
  for (const [method, command, message] of [
    ['post', 'restart', 'Starting session.'],
    ['put', 'qr', 'Starting session.'],
    ['delete', 'logout', 'Session disconnected.'],
  ] as const) {
    router[method]('/whatsappsession/:whatsappId', requireAdmin, async (ctx) => {
      await ctx.state.services.sessions.command(
        ctx.state.companyId,
        idParam(ctx.params.whatsappId, 'whatsappId'),
        command,
      );
      ctx.body = { message };
    });
  }
  router.post('/whatsapp-restart', requireAdmin, async (ctx) => {
    await ctx.state.services.sessions.restartAll(ctx.state.companyId);
    ctx.body = { message: 'Whatsapp restart.' };
  });
}
