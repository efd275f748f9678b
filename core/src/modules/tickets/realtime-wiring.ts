import { DEFAULT_COMPANY_SETTINGS } from '@balcao/sdk';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { EventBus } from '../../events/event-bus.js';
import type { RealtimeHub } from '../../realtime/hub.js';
import { canSeeTicket, loadTicketAccess, type TicketAccess } from './visibility.js';

interface SocketAccess extends TicketAccess {
  hideNumbers: boolean;
}

const hidesNumbersIn = async (em: EntityManager, companyId: number): Promise<boolean> => {
  const [row] = await em
    .getConnection()
    .execute<{ value: string }[]>(
      `select value from company_settings where company_id = ? and key = 'lgpdHideNumber'`,
      [companyId],
    );
  return (row?.value ?? DEFAULT_COMPANY_SETTINGS.lgpdHideNumber) === 'enabled';
};

/**
 * Ticket visibility on the socket: events naming a ticket reach only who may see it, and `joinChatBox` is granted
 * only for such a ticket of the socket's own company.
 */
export function wireTicketRealtime(hub: RealtimeHub, orm: MikroORM, events: EventBus): void {
  // Sockets of other instances pick these changes up at their next userStatus heartbeat (5 minutes).
  events.on('company.settingChanged', async ({ companyId, key }) => {
    if (key === 'lgpdHideNumber') await hub.refreshCompany(companyId);
  });
  // A user's queues or profile changed: their open sockets hear from now on what the new access allows.
  events.on('user.accessChanged', ({ companyId, userId }) => hub.refreshUser(companyId, userId));
  hub.setAudienceFilter({
    load: async (who): Promise<SocketAccess> => {
      const em = orm.em.fork();
      const [access, hideNumbers] = await Promise.all([
        loadTicketAccess(em, who.id),
        who.profile === 'user' ? hidesNumbersIn(orm.em.fork(), who.companyId) : false,
      ]);
      return { ...access, hideNumbers };
    },
    allows: (access, ticket) => canSeeTicket(access as SocketAccess, ticket),
    hidesNumbers: (access) => (access as SocketAccess).hideNumbers,
  });
  hub.defineRoom('ticket', async (who, id) => {
    const em = orm.em.fork();
    const [ticket] = await em
      .getConnection()
      .execute<{ user_id: number | null; queue_id: number | null; is_group: boolean }[]>(
        'select user_id, queue_id, is_group from tickets where id = ? and company_id = ?',
        [Number(id), who.companyId],
      );
    if (!ticket) return false;
    return canSeeTicket(await loadTicketAccess(em, who.id), {
      userId: ticket.user_id,
      queueId: ticket.queue_id,
      isGroup: ticket.is_group,
    });
  });
}
