import { companyChannel, type PlanChangedEvent, type RealtimePort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Tells each company on `planId` that its plan changed (`company-{id}-plan`): their screens read the session and the
 * plugin list again, so menus, pages and routes follow the plan at once.
 */
export async function announcePlanChange(
  deps: { em: EntityManager; realtime: RealtimePort },
  planId: number,
  companyIds?: readonly number[],
): Promise<void> {
  const ids =
    companyIds ??
    (
      await deps.em
        .getConnection()
        .execute<{ id: number }[]>('select id from companies where plan_id = ? order by id', [planId])
    ).map((r) => r.id);
  const data: PlanChangedEvent = { action: 'update', planId };
  for (const companyId of ids)
    await deps.realtime.publish({ companyId, channel: companyChannel(companyId, 'plan'), data });
}
