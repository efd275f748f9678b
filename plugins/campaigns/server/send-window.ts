import type { PauseReason } from '../shared/campaign.js';
import type { Ports } from './deps.js';
import type { ICampaign } from './entities.js';

/** With no open day in the whole week, the window is looked at again this much later. */
const NEVER_OPENS_RETRY_MS = 3_600_000;

/** A wait the chain takes instead of sending: how long, until when (shown in the report) and why. */
export interface Wait {
  delayMs: number;
  until: Date | null;
  reason: PauseReason;
}

/** What a link may do when it starts: run (holding the lease as `link`), come back later (`retryMs`), or end. */
export type Take = { link: number } | { retryMs: number } | null;

/**
 * Single flight per campaign run (issue 26): one link of a run sends at a time, and never before the pause the last
 * send set. A link takes the run's lease (`dispatch_lease_until`) only when it is free and `next_send_at` has come,
 * and becomes the holder (`dispatch_link` bumped). When it hands over, the same statement frees the lease, sets the
 * earliest next send and names the successor (the bumped `dispatch_link`, carried in the next job's data). Any other
 * link — a duplicate job, a second worker, a replay — finds the lease held or the pause running and ends without
 * sending; only the named successor, arriving early, comes back at `next_send_at`.
 */
export class DispatchFlight {
  /** `leaseSeconds`: how long a link holds its run; a crashed link's lease expires and the chain's job takes over. */
  constructor(
    private readonly ports: Pick<Ports, 'em'>,
    private readonly leaseSeconds: number,
  ) {}

  async take(companyId: number, campaignId: number, run: number, link: number | undefined): Promise<Take> {
    const rows = await this.ports.em.execute<{ dispatch_link: number }[]>(
      `update campaigns set dispatch_lease_until = now() + make_interval(secs => ?),
              dispatch_link = dispatch_link + 1, next_send_at = null, paused_until = null, pause_reason = null
        where id = ? and company_id = ? and status = 'EM_ANDAMENTO' and dispatch_run = ?
          and (dispatch_lease_until is null or dispatch_lease_until < now())
          and (next_send_at is null or next_send_at <= now())
        returning dispatch_link`,
      [this.leaseSeconds, campaignId, companyId, run],
    );
    if (rows[0]) return { link: rows[0].dispatch_link };
    if (link === undefined) return null;
    // The named successor woke before its time (job and database clocks differ): it comes back, nobody else does.
    const [early] = await this.ports.em.execute<{ wait_ms: string | null }[]>(
      `select ceil(extract(epoch from (next_send_at - now())) * 1000) as wait_ms from campaigns
        where id = ? and company_id = ? and status = 'EM_ANDAMENTO' and dispatch_run = ? and dispatch_link = ?
          and (dispatch_lease_until is null or dispatch_lease_until < now()) and next_send_at > now()`,
      [campaignId, companyId, run, link],
    );
    return early?.wait_ms ? { retryMs: Math.max(1, Number(early.wait_ms)) } : null;
  }

  /**
   * The holder `link` hands the run over: lease freed, no send before `delayMs` from now (a pacing pause), or the wait
   * shown (window, cap: every link checks those itself, so the next that comes may look again; a test's clock too).
   * Answers the successor's name, or null when the holder lost the run (a newer run, a cancel, an expired lease).
   */
  async handOver(
    companyId: number,
    campaignId: number,
    run: number,
    link: number | undefined,
    delayMs: number,
    wait?: Wait,
  ): Promise<number | null> {
    const rows = await this.ports.em.execute<{ dispatch_link: number }[]>(
      `update campaigns set dispatch_lease_until = null, dispatch_link = dispatch_link + 1,
              next_send_at = case when ?::boolean then null else now() + make_interval(secs => ?) end,
              paused_until = ?, pause_reason = ?, updated_at = now()
        where id = ? and company_id = ? and status = 'EM_ANDAMENTO' and dispatch_run = ? and dispatch_link = ?
        returning dispatch_link`,
      [
        !!wait,
        delayMs / 1000,
        wait?.until ?? null,
        wait?.reason ?? null,
        campaignId,
        companyId,
        run,
        link ?? -1,
      ],
    );
    return rows[0]?.dispatch_link ?? null;
  }

  /** Frees the lease when the holder ends without a successor (done, cancelled, a newer run). */
  async release(companyId: number, campaignId: number, link: number): Promise<void> {
    await this.ports.em.execute(
      `update campaigns set dispatch_lease_until = null
        where id = ? and company_id = ? and dispatch_link = ? and dispatch_lease_until is not null`,
      [campaignId, companyId, link],
    );
  }
}

/** The connection a row leaves by, and the company day its send is counted on (null: no cap, not counted). */
export interface Slot {
  connectionId: number;
  day: string | null;
}

/**
 * The send window (the company's business hours, when the campaign asks for it) and the daily cap per connection
 * (`dailyLimitPerConnection`, counted per company day in `campaign_connection_days`).
 */
export class SendGate {
  constructor(private readonly ports: Pick<Ports, 'em' | 'hours'>) {}

  /** Null when the campaign may send now; otherwise the wait until the company's schedule next opens. */
  async outsideWindow(campaign: ICampaign): Promise<Wait | null> {
    if (!campaign.withinBusinessHours) return null;
    const hours = await this.ports.hours.ofCompany();
    if (hours.open) return null;
    if (!hours.nextOpening) return { delayMs: NEVER_OPENS_RETRY_MS, until: null, reason: 'hours' };
    return {
      delayMs: Math.max(0, hours.nextOpening.getTime() - hours.now.getTime()),
      until: hours.nextOpening,
      reason: 'hours',
    };
  }

  /** Every connection is at its cap today: wait for the company's next day. */
  async untilNextDay(): Promise<Wait> {
    const hours = await this.ports.hours.ofCompany();
    return {
      delayMs: Math.max(0, hours.nextDay.getTime() - hours.now.getTime()),
      until: hours.nextDay,
      reason: 'cap',
    };
  }

  /**
   * The row's connection: its own turn of the rotation (`row.id` modulo, so a replay leaves by the same one), or the
   * next in turn when that one used its day's cap. A slot is taken atomically (no two sends pass a cap together); null
   * when every connection is at its cap.
   */
  async pick(companyId: number, campaign: ICampaign, rowId: number, cap: number): Promise<Slot | null> {
    const ids = campaign.whatsappId.split(',').map(Number);
    const first = rowId % ids.length;
    if (cap <= 0) return { connectionId: ids[first], day: null };
    const { date } = await this.ports.hours.ofCompany();
    for (let i = 0; i < ids.length; i++) {
      const connectionId = ids[(first + i) % ids.length];
      const taken = await this.ports.em.execute(
        `insert into campaign_connection_days as d (company_id, connection_id, day, sent) values (?, ?, ?::date, 1)
         on conflict (company_id, connection_id, day) do update set sent = d.sent + 1 where d.sent < ?
         returning sent`,
        [companyId, connectionId, date, cap],
      );
      if (taken.length > 0) return { connectionId, day: date };
    }
    return null;
  }

  /** A taken slot whose send did not go out is given back. */
  async giveBack(companyId: number, slot: Slot): Promise<void> {
    if (slot.day === null) return;
    await this.ports.em.execute(
      `update campaign_connection_days set sent = greatest(sent - 1, 0)
        where company_id = ? and connection_id = ? and day = ?::date`,
      [companyId, slot.connectionId, slot.day],
    );
  }
}
