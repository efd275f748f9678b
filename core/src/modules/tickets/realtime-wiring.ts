import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventBus } from '../../events/event-bus.js';
import type { RealtimeHub } from '../../realtime/hub.js';
import { canSeeTicket, loadTicketAccess, readTicketAudience, type ViewerAccess } from './visibility.js';

/**
 * Ticket visibility on the socket: events naming a ticket reach only who may see it, and `joinChatBox` is granted
 * only for such a ticket of the socket's own company.
 */
export function wireTicketRealtime(hub: RealtimeHub, orm: MikroORM, events: EventBus): void {
  // The hub refreshes the sockets on every instance at once (through the bus), not at their next heartbeat.
  events.on('setting.updated', async ({ companyId, key }) => {
    if (key === 'lgpdHideNumber') await hub.refreshCompany(companyId);
  });
  // A user's queues or profile changed: their open sockets hear from now on what the new access allows.
  events.on('user.accessChanged', ({ companyId, userId }) => hub.refreshUser(companyId, userId));
  hub.setAudienceFilter({
    load: (who): Promise<ViewerAccess> => loadTicketAccess(orm.em.fork(), who.id),
    allows: (access, ticket) => canSeeTicket(access as ViewerAccess, ticket),
    hidesNumbers: (access) => (access as ViewerAccess).hideNumbers,
  });
  hub.defineRoom('ticket', async (who, id) => {
    const em = orm.em.fork();
    const ticket = await readTicketAudience(em, who.companyId, Number(id));
    return !!ticket && canSeeTicket(await loadTicketAccess(em, who.id), ticket);
  });
}
