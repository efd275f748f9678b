import type { Ports } from './deps.js';

/** How long a run may look idle (no lease, its pause or wait over, untouched) before it counts as stranded. */
const GRACE = "interval '1 minute'";

/**
 * Durable dispatch's safety net (the `revive` job, every few minutes): a run left with no link to carry it on — its
 * worker died between two writes that are not one (marking a contact confirmed and queuing the link that sends to
 * them, starting a run from a request and queuing its first link, handing over and scheduling the successor) — gets a
 * link queued. Only a run with a row to send, no link holding it, no pause or wait still running and nothing written
 * for a while: a link that arrives while another carries the run ends unsent (single flight), so a false alarm costs
 * one job, never a message.
 */
export async function reviveStranded(ports: Pick<Ports, 'em' | 'jobs'>, companyId: number): Promise<number> {
  const stranded = await ports.em.execute<{ id: number; dispatch_run: number }[]>(
    `select c.id, c.dispatch_run from campaigns c
      where c.company_id = ? and c.status = 'EM_ANDAMENTO'
        and (c.dispatch_lease_until is null or c.dispatch_lease_until < now())
        and (c.next_send_at is null or c.next_send_at < now() - ${GRACE})
        and (c.pause_reason is null or c.paused_until < now() - ${GRACE})
        and c.updated_at < now() - ${GRACE}
        and exists (
          select 1 from campaign_shippings s
           where s.company_id = c.company_id and s.campaign_id = c.id
             and s.delivered_at is null and s.failed_at is null and s.opted_out_at is null
             and (s.confirmation_requested_at is null or s.confirmed_at is not null)
             and (s.claimed_until is null or s.claimed_until < now()))`,
    [companyId],
  );
  for (const c of stranded)
    await ports.jobs.now('dispatch', {
      companyId,
      campaignId: c.id,
      run: c.dispatch_run,
      plan: true,
      sent: 0,
    });
  return stranded.length;
}
