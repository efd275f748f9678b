import { type AddressCheck, type CorePorts, companyChannel } from '@balcao/sdk';
import { CHECK_TOPIC, type CheckFrame } from '../shared/contact-lists.js';
import { COLUMNS, type ItemRow, toItemDto } from './items-service.js';

/** The job that checks a list's numbers (local name; data `{ companyId, contactListId }`). */
export const CHECK_JOB = 'check-numbers';
/** The periodic job that restarts the chains a crash broke (numbers claimed and never answered). */
export const RESUME_JOB = 'resume-checks';
/** Numbers one job run asks about before handing over to the next run (keeps runs short; others interleave). */
const BATCH = 20;
/** Pause between two asks: WhatsApp bans accounts that look up numbers in bursts. */
const PACE_MS = 200;
/** A claimed number nobody answered (a crashed worker) is claimable again after this. */
const CLAIM_LEASE = "interval '2 minutes'";
/** After an unexpected failure (database), the chain tries again this much later. */
const RETRY_MS = 30_000;

type Ports = Pick<CorePorts, 'em' | 'realtime' | 'jobs' | 'connections' | 'logger'>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks list numbers with WhatsApp in the background (issue 26), never while an upload waits: a chain of `check-numbers`
 * jobs per list, each claiming up to BATCH unchecked numbers (SKIP LOCKED, with a lease, so two runs never ask about
 * one number and a crashed run's numbers come back), asking the company's connections one by one (PACE_MS apart) and
 * storing `is_whatsapp_valid` — true, false, or null when the channel failed for that number — with
 * `whatsapp_checked_at`. A number WhatsApp writes otherwise (a Brazilian mobile without its ninth digit) is stored as
 * WhatsApp writes it. Each answer is a `checked` frame on `company-{id}-ContactListCheck`. When nothing can ask (no
 * connected connection that checks), the run stops, gives its claims back and says so (a `stopped` frame): the numbers
 * stay unchecked until the next import, edit or "check again". A run that died with its process (agenda does not run a
 * one-off job twice) leaves claims that expire: `resume-checks`, every few minutes, restarts those lists' chains.
 */
export class NumberChecker {
  constructor(private readonly ports: Ports) {}

  /**
   * Starts (or joins) the list's check. `again`: every number of the list is asked about anew; otherwise only those
   * never answered (an import's, a new or renumbered item's, or those a stopped run left).
   */
  async request(companyId: number, contactListId: number, opts: { again?: boolean } = {}): Promise<void> {
    if (opts.again)
      await this.ports.em.execute(
        `update contact_list_items set whatsapp_checked_at = null, whatsapp_check_claimed_at = null
          where company_id = ? and contact_list_id = ?`,
        [companyId, contactListId],
      );
    // One pending start per list: a burst of adds makes one run, which takes every unchecked number.
    await this.ports.jobs.schedule(
      new Date(),
      CHECK_JOB,
      { companyId, contactListId },
      { uniqueKey: `check-${contactListId}` },
    );
  }

  /** Restarts the chain of every list of the company whose claimed numbers nobody answered within the lease. */
  async resume(companyId: number): Promise<void> {
    const lists = await this.ports.em.execute<{ contact_list_id: number }[]>(
      `select distinct contact_list_id from contact_list_items
        where company_id = ? and whatsapp_checked_at is null and whatsapp_check_claimed_at < now() - ${CLAIM_LEASE}`,
      [companyId],
    );
    for (const { contact_list_id } of lists) await this.request(companyId, contact_list_id);
  }

  /** One run of the chain (the job): a batch, then the next run while numbers are left. */
  async run(companyId: number, contactListId: number): Promise<void> {
    try {
      const claimed = await this.claim(companyId, contactListId);
      for (const [i, row] of claimed.entries()) {
        if (i > 0) await pause(PACE_MS);
        const check = await this.ports.connections.checkAddress({ number: row.number });
        if (check.status === 'unknown' && check.reason !== 'check-failed') {
          await this.release(
            companyId,
            claimed.slice(i).map((r) => r.id),
          );
          await this.publish(companyId, { action: 'stopped', contactListId, reason: check.reason });
          return;
        }
        await this.store(companyId, row, check);
      }
      // A full batch leaves more; so may a short one: a number added while this run worked found the list's start
      // already taken (one pending start per list) and waits for this run to hand over.
      if (claimed.length === BATCH || (await this.anyLeft(companyId, contactListId)))
        await this.ports.jobs.now(CHECK_JOB, { companyId, contactListId });
    } catch (err) {
      this.ports.logger.warn({ err, contactListId }, 'contact list check failed; retrying later');
      await this.ports.jobs.schedule(new Date(Date.now() + RETRY_MS), CHECK_JOB, {
        companyId,
        contactListId,
      });
    }
  }

  /** Whether the list holds a number nobody answered nor holds now (a run would claim it). */
  private async anyLeft(companyId: number, contactListId: number): Promise<boolean> {
    const rows = await this.ports.em.execute(
      `select 1 from contact_list_items
        where company_id = ? and contact_list_id = ? and whatsapp_checked_at is null
          and (whatsapp_check_claimed_at is null or whatsapp_check_claimed_at < now() - ${CLAIM_LEASE})
        limit 1`,
      [companyId, contactListId],
    );
    return (rows as unknown[]).length > 0;
  }

  private claim(companyId: number, contactListId: number): Promise<{ id: number; number: string }[]> {
    return this.ports.em
      .execute(
        `update contact_list_items set whatsapp_check_claimed_at = now()
        where id in (select id from contact_list_items
          where company_id = ? and contact_list_id = ? and whatsapp_checked_at is null
            and (whatsapp_check_claimed_at is null or whatsapp_check_claimed_at < now() - ${CLAIM_LEASE})
          order by id limit ? for update skip locked)
        returning id, number`,
        [companyId, contactListId, BATCH],
      )
      .then((rows) => (rows as { id: number; number: string }[]).sort((a, b) => a.id - b.id));
  }

  private async release(companyId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ports.em.execute(
      `update contact_list_items set whatsapp_check_claimed_at = null
        where company_id = ? and id in (${ids.map(() => '?').join(', ')})`,
      [companyId, ...ids],
    );
  }

  /**
   * The answer, unless the number changed (or was asked about anew) since it was claimed: that edit's run asks again.
   * WhatsApp's own writing of the number replaces it unless another item of the list already has it.
   */
  private async store(companyId: number, row: { id: number; number: string }, check: AddressCheck) {
    const valid = check.status === 'unknown' ? null : check.status === 'valid';
    const address = check.status === 'valid' ? check.address : row.number;
    const [stored] = await this.ports.em.execute<ItemRow[]>(
      `update contact_list_items i set is_whatsapp_valid = ?, whatsapp_checked_at = now(),
          whatsapp_check_claimed_at = null, updated_at = now(),
          number = case when exists (select 1 from contact_list_items o
            where o.contact_list_id = i.contact_list_id and o.number = ? and o.id <> i.id) then i.number else ? end
        where company_id = ? and id = ? and number = ? and whatsapp_checked_at is null
          and whatsapp_check_claimed_at is not null
        returning ${COLUMNS}`,
      [valid, address, address, companyId, row.id, row.number],
    );
    if (stored) await this.publish(companyId, { action: 'checked', record: toItemDto(stored) });
  }

  private publish(companyId: number, data: CheckFrame) {
    return this.ports.realtime.publish({ companyId, channel: companyChannel(companyId, CHECK_TOPIC), data });
  }
}
