import { AppError } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { PlanGate } from '../plans/plan-gate.js';

/**
 * Whether the company's plan offers the channel: every flag it needs (its plugin's and its own) is on. A plan that
 * lost one (a downgrade) runs no session of the channel, opens no ticket and sends nothing through it.
 * @example if (!(await channelOffered(channels, planGate, companyId, 'whatsapp'))) return
 */
export async function channelOffered(
  channels: Pick<ChannelRegistry, 'planFlagsOf'>,
  planGate: Pick<PlanGate, 'allows'>,
  companyId: number,
  channel: string,
): Promise<boolean> {
  for (const flag of channels.planFlagsOf(channel))
    if (!(await planGate.allows(companyId, flag))) return false;
  return true;
}

/**
 * 403 ERR_CHANNEL_NOT_IN_PLAN (with `channel`) for a connection of the company whose channel the plan no longer
 * offers; no connection (null) or an unknown one passes (other checks answer for those).
 * @example await assertConnectionOffered({ em, channels, planGate }, companyId, ticket.whatsappId)
 */
export async function assertConnectionOffered(
  deps: {
    em: EntityManager;
    channels: Pick<ChannelRegistry, 'planFlagsOf'>;
    planGate: Pick<PlanGate, 'allows'>;
  },
  companyId: number,
  connectionId: number | null | undefined,
): Promise<void> {
  if (!connectionId) return;
  const [row] = await deps.em
    .getConnection()
    .execute<{ channel: string }[]>('select channel from whatsapps where company_id = ? and id = ?', [
      companyId,
      connectionId,
    ]);
  if (row && !(await channelOffered(deps.channels, deps.planGate, companyId, row.channel)))
    throw new AppError('ERR_CHANNEL_NOT_IN_PLAN', 403, { channel: row.channel });
}
