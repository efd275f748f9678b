import { companyChannel, type EventsPort, type RealtimePort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Tells the company a user went online or offline (`company-{id}-user`, action `presence`): the Users screen's status. */
export const publishPresence = (realtime: RealtimePort, companyId: number, userId: number, online: boolean) =>
  realtime.publish({
    companyId,
    channel: companyChannel(companyId, 'user'),
    data: { action: 'presence', userId, online },
  });

/**
 * A user's socket opened, closed or sent its userStatus heartbeat, or the user signed out: `lastSeenAt` moves on, and
 * when `online` flips the company hears it (`company-{id}-user`, action `presence`), so the Users screen's status
 * column follows live.
 */
export async function recordPresence(
  em: EntityManager,
  realtime: RealtimePort,
  who: { id: number; companyId: number },
  online: boolean,
  events?: EventsPort,
): Promise<void> {
  // One round trip: the row is locked by the subquery, updated, and its state before the update is returned.
  const rows: { was: boolean }[] = await em.getConnection().execute(
    `update users u set online = ?, last_seen_at = now()
         from (select id, online as was from users where id = ? for update) before
        where u.id = before.id
       returning before.was`,
    [online, who.id],
  );
  if (!rows.length || rows[0].was === online) return;
  await publishPresence(realtime, who.companyId, who.id, online);
  await events?.emit('user.presence', { companyId: who.companyId, userId: who.id, online });
}
