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
  router.post('/whatsappsession/:whatsappId', requireAdmin, async (ctx) => {
    await ctx.state.services.sessions.command(
      ctx.state.companyId,
      idParam(ctx.params.whatsappId, 'whatsappId'),
      'restart',
    );
    ctx.body = { message: 'Starting session.' };
  });
  router.put('/whatsappsession/:whatsappId', requireAdmin, async (ctx) => {
    await ctx.state.services.sessions.command(
      ctx.state.companyId,
      idParam(ctx.params.whatsappId, 'whatsappId'),
      'qr',
    );
    ctx.body = { message: 'Starting session.' };
  });
  router.delete('/whatsappsession/:whatsappId', requireAdmin, async (ctx) => {
    await ctx.state.services.sessions.command(
      ctx.state.companyId,
      idParam(ctx.params.whatsappId, 'whatsappId'),
      'logout',
    );
    ctx.body = { message: 'Session disconnected.' };
  });
  router.post('/whatsapp-restart', requireAdmin, async (ctx) => {
    await ctx.state.services.sessions.restartAll(ctx.state.companyId);
    ctx.body = { message: 'Whatsapp restart.' };
  });
}
