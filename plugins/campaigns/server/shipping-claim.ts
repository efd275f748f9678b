import type { Ports } from './deps.js';

/** A shipping row claimed for a send: who the message goes to, and where its confirmation flow stands. */
export interface ShippingRow {
  id: number;
  contact_id: number | null;
  number: string;
  name: string;
  email: string | null;
  confirmation_requested_at: Date | null;
  confirmed_at: Date | null;
  /** The row's contact (when it has one yet) asked never to be messaged by a campaign. */
  opted_out: boolean;
}

/**
 * Renews the run's lease for its holder and claims the next row for it, in one statement: `held` false when the
 * holder lost the run (a cancel, a newer run), then nothing is claimed. A row's contact's opt-out comes with it.
 */
export async function claimNext(
  ports: Pick<Ports, 'em'>,
  leaseSeconds: number,
  companyId: number,
  campaignId: number,
  data: { run: number; link?: number },
): Promise<{ held: boolean; row: ShippingRow | null }> {
  const [r] = await ports.em.execute<(ShippingRow & { held: boolean; id: number | null })[]>(
    `with held as (
       update campaigns set dispatch_lease_until = now() + make_interval(secs => ?)
        where id = ? and company_id = ? and status = 'EM_ANDAMENTO' and dispatch_run = ? and dispatch_link = ?
       returning id),
     claimed as (
       update campaign_shippings s set claimed_until = now() + make_interval(secs => ?), updated_at = now()
        where s.id = (
          select id from campaign_shippings
           where company_id = ? and campaign_id = ? and exists (select 1 from held)
             and delivered_at is null and failed_at is null and opted_out_at is null
             and (confirmation_requested_at is null or confirmed_at is not null)
             and (claimed_until is null or claimed_until < now())
           order by id limit 1 for update skip locked)
       returning s.id, s.contact_id, s.number, s.name, s.email, s.confirmation_requested_at, s.confirmed_at,
                 exists (select 1 from campaign_opt_outs o
                          where o.company_id = s.company_id and o.contact_id = s.contact_id) as opted_out)
     select exists (select 1 from held) as held, c.* from (select 1) one left join claimed c on true`,
    [leaseSeconds, campaignId, companyId, data.run, data.link ?? -1, leaseSeconds, companyId, campaignId],
  );
  if (!r?.held) return { held: false, row: null };
  const { held: _held, ...row } = r;
  return { held: true, row: row.id === null ? null : (row as ShippingRow) };
}
