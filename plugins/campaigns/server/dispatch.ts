import { AppError, companyChannel } from '@balcao/sdk';
import { CONFIRMATION_FIELDS, MESSAGE_FIELDS } from '../shared/campaign.js';
import { pauseAfter, pickVariant, renderMessage } from '../shared/placeholders.js';
import type { CampaignSettingsDto } from '../shared/settings.js';
import { campaignMedia } from './campaign-media.js';
import { CAMPAIGN_TOPIC, type Ports } from './deps.js';
import { Campaign, type ICampaign } from './entities.js';
import type { Planner } from './planner.js';
import { toCampaignDto } from './presenter.js';
import { DispatchFlight, SendGate, type Wait } from './send-window.js';
import type { CampaignSettingsService } from './settings-service.js';
import { claimNext, type ShippingRow } from './shipping-claim.js';

/** Sends one job run makes before handing over to the next (keeps each run short and lets others interleave). */
const SENDS_PER_RUN = 200;
/**
 * How long a claimed row and a sending link's hold on its run last (seconds): a crashed worker's are taken over after
 * this. Shorter than the jobs' lock (JOBS_LOCK_SECONDS, 10 minutes by default): the dead link's own job, run again
 * once its lock runs out, must find the lease gone to carry the chain on. Tests shorten both.
 */
export const DEFAULT_LEASE_SECONDS = 120;
/** After an unexpected failure (database, network), the chain tries again this much later. */
const RETRY_MS = 30_000;
/**
 * Before each send the link waits for a moment when the server answers no request, at most this long (jobs.quiet):
 * attendants' screens go first, and a server that is never idle still sends one message a second (a send costs
 * ~25 ms of server CPU with its delivery and ack: 2–3 % of a core then; at 4 a second the ticket lists' p95 still
 * rose by up to 18 ms in the campaigns bench). A server with gaps between requests sends in the gaps, at full pace.
 */
export const QUIET_WAIT_MS = 1_000;
/** Progress frames to the report at most this often per chain. */
const PROGRESS_EVERY_MS = 1_000;

/** The `dispatch` job's data: which campaign, which chain, and how many it sent so far (for the longer pause). */
export interface DispatchData {
  campaignId: number;
  run: number;
  plan?: boolean;
  sent?: number;
  /** The link's name: the successor a handing-over link named (send-window.ts); none for a chain's first link. */
  link?: number;
}

/**
 * The idempotency key of one send: the same (campaign, run, contact, kind) is never messaged twice, whatever replays
 * it. Run 1 keeps the key it had before campaigns recurred, so a run 1 under way across the upgrade resends nothing.
 */
export const sendKey = (campaignId: number, contactId: number, kind: 'message' | 'confirmation', run = 1) =>
  run === 1
    ? `campaign-${campaignId}:contact-${contactId}:${kind}`
    : `campaign-${campaignId}:run-${run}:contact-${contactId}:${kind}`;

/** A new run starts free: no lease, no pause of the older run's (whose links stop at their next wake). */
const NEW_FLIGHT =
  'dispatch_lease_until = null, next_send_at = null, paused_until = null, pause_reason = null';

const reasonOf = (err: unknown) => (err instanceof AppError ? err.code : 'ERR_SEND_FAILED').slice(0, 255);

/**
 * Durable dispatch. Each shipping row is claimed by one atomic UPDATE (SKIP LOCKED, with a lease), sent through
 * `messages.sendToContact` with a key derived from the campaign and contact, then stamped. A crash between the send
 * and the stamp leaves the lease to expire: the next claim replays the same key and core answers the first message
 * without sending. A second worker claims other rows. Pacing is a chain of jobs, one per pause; a start or restart
 * begins a new chain (`dispatchRun`) and an older one stops at its next wake, as a cancel stops it. One run sends
 * single-flight, within the campaign's send window and the connections' daily caps (send-window.ts).
 */
export class Dispatcher {
  private readonly flight: DispatchFlight;
  private readonly gate: SendGate;

  constructor(
    private readonly ports: Ports,
    readonly planner: Planner,
    private readonly settings: CampaignSettingsService,
    private readonly leaseSeconds = DEFAULT_LEASE_SECONDS,
  ) {
    this.flight = new DispatchFlight(ports, leaseSeconds);
    this.gate = new SendGate(ports);
  }

  /** A scheduled campaign's time came (the `start` job). */
  async startScheduled(companyId: number, campaignId: number): Promise<void> {
    const campaign = await this.ports.em.findOne(Campaign, { id: campaignId });
    if (campaign?.status === 'EM_ANDAMENTO') {
      // This start job runs again: the worker that started the run died, maybe before it queued the run's first link
      // (begin's two writes are not one). Queue one: were the first still there, the second ends unsent (single flight).
      await this.ports.jobs.now('dispatch', {
        companyId,
        campaignId,
        run: campaign.dispatchRun,
        plan: true,
        sent: 0,
      });
      return;
    }
    if (campaign?.status !== 'PROGRAMADA' || !campaign.scheduledAt) return;
    // Moved later since this job was set: the newer start job will run it.
    if (campaign.scheduledAt.getTime() > Date.now() + 5_000) return;
    if (!(await this.begin(companyId, campaign, 'PROGRAMADA'))) return;
    await this.publish(companyId, { action: 'update', record: toCampaignDto(campaign) });
  }

  /**
   * EM_ANDAMENTO now, with a new dispatch chain that plans the audience first. A compare-and-set from `from`: of two
   * start jobs or two restarts at once, one begins a chain and the other answers false.
   */
  async begin(companyId: number, campaign: ICampaign, from: 'PROGRAMADA' | 'CANCELADA'): Promise<boolean> {
    const rows = await this.ports.em.execute<{ dispatch_run: number }[]>(
      `update campaigns set status = 'EM_ANDAMENTO', completed_at = null, start_job_id = null,
              dispatch_run = dispatch_run + 1, ${NEW_FLIGHT}, updated_at = now()
        where id = ? and company_id = ? and status = ? returning dispatch_run`,
      [campaign.id, companyId, from],
    );
    if (rows.length === 0) return false;
    const run = rows[0].dispatch_run;
    Object.assign(campaign, {
      status: 'EM_ANDAMENTO',
      completedAt: null,
      startJobId: null,
      dispatchRun: run,
    });
    // A restart does not wait for the leases of rows a cancelled chain had claimed: the keys make a replay harmless.
    await this.ports.em.execute(
      'update campaign_shippings set claimed_until = null where company_id = ? and campaign_id = ?',
      [companyId, campaign.id],
    );
    await this.ports.jobs.now('dispatch', { companyId, campaignId: campaign.id, run, plan: true, sent: 0 });
    return true;
  }

  /** One link of the chain: plan if asked, then send until a pause is due, the audience is done or the run is long. */
  async dispatch(companyId: number, data: DispatchData): Promise<void> {
    const campaign = await this.ports.em.findOne(Campaign, { id: data.campaignId });
    if (!campaign || !(await this.stillRunning(companyId, data))) return;
    // Single flight: a link of this run already sending, or its pause still running, ends this one unsent.
    const taken = await this.flight.take(companyId, campaign.id, data.run, data.link);
    if (!taken) return;
    if ('retryMs' in taken) {
      await this.ports.jobs.schedule(new Date(Date.now() + taken.retryMs), 'dispatch', {
        ...data,
        companyId,
      });
      return;
    }
    try {
      await this.send(companyId, campaign, { ...data, link: taken.link });
    } finally {
      await this.flight.release(companyId, campaign.id, taken.link);
    }
  }

  /** The link holding the run's lease: sends until a pause or a wait is due, the audience is done or the run is long. */
  private async send(companyId: number, campaign: ICampaign, data: DispatchData): Promise<void> {
    if (data.plan) await this.planner.plan(companyId, campaign);
    const settings = await this.settings.get();
    let sent = data.sent ?? 0;
    let lastProgress = 0;
    for (let i = 0; i < SENDS_PER_RUN; i++) {
      const outside = await this.gate.outsideWindow(campaign);
      if (outside) return this.wait(companyId, data, sent, outside);
      await this.ports.jobs.quiet(QUIET_WAIT_MS);
      // Still this run's holder (not cancelled, no newer run): the lease extended and the next row claimed, at once.
      const { held, row } = await claimNext(this.ports, this.leaseSeconds, companyId, campaign.id, data);
      if (!held) return;
      if (!row) {
        await this.finishIfDone(companyId, campaign.id, data.run);
        return;
      }
      let messaged: boolean | 'capped';
      try {
        messaged = await this.sendRow(companyId, campaign, row, settings);
      } catch (err) {
        // Not the contact's fault (database, network): leave the row to the next try rather than skip the contact.
        this.ports.logger.error({ err, campaignId: campaign.id, shippingId: row.id }, 'campaign send failed');
        await this.release(companyId, row.id);
        await this.next(companyId, data, sent, RETRY_MS);
        return;
      }
      if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        await this.publish(companyId, { action: 'progress', campaignId: campaign.id });
      }
      if (messaged === 'capped') return this.wait(companyId, data, sent, await this.gate.untilNextDay());
      if (!messaged) continue;
      sent += 1;
      const pause = pauseAfter(sent, settings);
      if (pause > 0) return this.next(companyId, data, sent, pause * 1000);
    }
    await this.next(companyId, data, sent, 0);
  }

  /** The contact answered a confirmation request: their real message goes out now, on a new chain. */
  async resume(companyId: number, campaignId: number): Promise<void> {
    const rows = await this.ports.em.execute<{ dispatch_run: number }[]>(
      `update campaigns set dispatch_run = dispatch_run + 1, ${NEW_FLIGHT}, updated_at = now()
        where id = ? and company_id = ? and status = 'EM_ANDAMENTO' returning dispatch_run`,
      [campaignId, companyId],
    );
    if (rows.length === 0) return;
    await this.ports.jobs.now('dispatch', { companyId, campaignId, run: rows[0].dispatch_run, sent: 0 });
  }

  /** Outside the window or at every cap: no send until `wait` is over; the report shows until when and why. */
  private async wait(companyId: number, data: DispatchData, sent: number, wait: Wait): Promise<void> {
    await this.next(companyId, data, sent, wait.delayMs, wait);
    await this.publish(companyId, { action: 'progress', campaignId: data.campaignId });
  }

  private async next(
    companyId: number,
    data: DispatchData,
    sent: number,
    delayMs: number,
    wait?: Wait,
  ): Promise<void> {
    // The lease is freed and the successor named in one statement, before its job exists; a holder that lost the run
    // (a newer run, a cancel) names none and the chain ends here.
    const link = await this.flight.handOver(companyId, data.campaignId, data.run, data.link, delayMs, wait);
    if (link === null) return;
    const next = { companyId, campaignId: data.campaignId, run: data.run, sent, link };
    if (delayMs === 0) await this.ports.jobs.now('dispatch', next);
    else await this.ports.jobs.schedule(new Date(Date.now() + delayMs), 'dispatch', next);
  }

  /** Read past the identity map: a cancel or a newer chain written by another request must be seen. */
  private async stillRunning(companyId: number, data: DispatchData): Promise<boolean> {
    const rows = await this.ports.em.execute<{ status: string; dispatch_run: number }[]>(
      'select status, dispatch_run from campaigns where id = ? and company_id = ?',
      [data.campaignId, companyId],
    );
    return rows[0]?.status === 'EM_ANDAMENTO' && rows[0].dispatch_run === data.run;
  }

  private async release(companyId: number, id: number): Promise<void> {
    await this.ports.em.execute(
      'update campaign_shippings set claimed_until = null where id = ? and company_id = ?',
      [id, companyId],
    );
  }

  private async stamp(companyId: number, id: number, sets: string, params: unknown[]): Promise<void> {
    await this.ports.em.execute(
      `update campaign_shippings set ${sets}, claimed_until = null, updated_at = now() where id = ? and company_id = ?`,
      [...params, id, companyId],
    );
  }

  /**
   * Sends the row's confirmation request or its message; false when nothing went out (failed, opted out), 'capped'
   * (the row left for later) when every connection sent its daily cap.
   */
  private async sendRow(
    companyId: number,
    campaign: ICampaign,
    row: ShippingRow,
    settings: CampaignSettingsDto,
  ): Promise<boolean | 'capped'> {
    let contactId = row.contact_id;
    let optedOut = row.opted_out;
    // A list item's contact is found or created when it is messaged; its id is stamped with the row's outcome.
    const ofContact = row.contact_id === null ? ', contact_id = ?' : '';
    if (contactId === null) {
      try {
        const contact = await this.ports.contacts.findOrCreateId({
          number: row.number,
          name: row.name || row.number,
          ...(row.email ? { email: row.email } : {}),
        });
        contactId = contact.id;
        // A contact created just now cannot have opted out.
        optedOut = !contact.created && (await this.optedOut(companyId, contactId));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await this.stamp(companyId, row.id, 'failed_at = now(), failure_reason = ?', [reasonOf(err)]);
        return false;
      }
    }
    const withContact = (params: unknown[]) => (ofContact ? [...params, contactId] : params);
    if (optedOut) {
      await this.stamp(companyId, row.id, `opted_out_at = now()${ofContact}`, withContact([]));
      return false;
    }
    // Rotation by row (a replay leaves by the same connection), skipping connections at their daily cap.
    const slot = await this.gate.pick(companyId, campaign, row.id, settings.dailyLimitPerConnection);
    if (!slot) {
      if (ofContact) await this.stamp(companyId, row.id, 'contact_id = ?', [contactId]);
      else await this.release(companyId, row.id);
      return 'capped';
    }
    const { connectionId } = slot;
    const asking = campaign.confirmation && row.confirmation_requested_at === null;
    const fields = asking ? CONFIRMATION_FIELDS : MESSAGE_FIELDS;
    const template = pickVariant(fields.map((f) => campaign[f] ?? null)) ?? '';
    const body = renderMessage(template, row, settings.variables);
    try {
      const message = await this.ports.messages.sendToContact({
        contactId,
        connectionId,
        body,
        // The campaign's file goes with the message (a confirmation request asks in text alone).
        ...(asking ? {} : campaignMedia(campaign)),
        idempotencyKey: sendKey(
          campaign.id,
          contactId,
          asking ? 'confirmation' : 'message',
          campaign.runNumber,
        ),
        holdUntilReply: true,
      });
      if (asking)
        await this.stamp(
          companyId,
          row.id,
          `confirmation_requested_at = now(), confirmation_message = ?, confirmation_message_id = ?, connection_id = ?${ofContact}`,
          withContact([message.body, message.id, connectionId]),
        );
      else
        await this.stamp(
          companyId,
          row.id,
          `delivered_at = now(), message = ?, message_id = ?, connection_id = ?${ofContact}`,
          withContact([message.body, message.id, connectionId]),
        );
      return true;
    } catch (err) {
      // Unknown whether it went out (database, network): the slot stays counted, so a cap is never passed.
      if (!(err instanceof AppError)) throw err;
      await this.gate.giveBack(companyId, slot);
      await this.stamp(
        companyId,
        row.id,
        `failed_at = now(), failure_reason = ?, connection_id = ?${ofContact}`,
        withContact([reasonOf(err), connectionId]),
      );
      return false;
    }
  }

  private async optedOut(companyId: number, contactId: number): Promise<boolean> {
    const rows = await this.ports.em.execute(
      'select 1 from campaign_opt_outs where company_id = ? and contact_id = ? limit 1',
      [companyId, contactId],
    );
    return rows.length > 0;
  }

  /**
   * FINALIZADA once no row waits for a send or an answer; a row another worker holds keeps it running. (Rows of
   * earlier runs are all done: a run finishes only so.) A recurring campaign is then planned for its next run.
   */
  private async finishIfDone(companyId: number, campaignId: number, run: number): Promise<void> {
    const rows = await this.ports.em.execute(
      `update campaigns set status = 'FINALIZADA', completed_at = now(), updated_at = now()
        where id = ? and company_id = ? and status = 'EM_ANDAMENTO' and dispatch_run = ?
          and not exists (
            select 1 from campaign_shippings
             where company_id = ? and campaign_id = ?
               and delivered_at is null and failed_at is null and opted_out_at is null)
        returning id`,
      [campaignId, companyId, run, companyId, campaignId],
    );
    if (rows.length > 0) {
      await this.planner.planNextRun(companyId, campaignId);
      await this.publish(companyId, { action: 'status', campaignId });
    } else await this.publish(companyId, { action: 'progress', campaignId });
  }

  async publish(companyId: number, data: Record<string, unknown>): Promise<void> {
    await this.ports.realtime.publish({
      companyId,
      channel: companyChannel(companyId, CAMPAIGN_TOPIC),
      data,
    });
  }
}
