import { type CampaignRecurrence, nextRunAt } from '../shared/recurrence.js';
import type { Ports } from './deps.js';
import type { ICampaign } from './entities.js';

/** Contacts per INSERT while walking a tag's audience: one page of the contacts port at a time. */
const TAG_PAGE = 200;

interface SeriesRow {
  recurrence: CampaignRecurrence;
  recurrence_weekdays: number[];
  recurrence_end_at: Date | null;
  recurrence_runs: number | null;
  series_start_at: Date | null;
  run_number: number;
  scheduled_at: Date | null;
}

/**
 * Creates the shipping rows of the campaign's current run, one per (campaign, run, contact) — or per list item, whose
 * contact is found or created when it is messaged. Idempotent (ON CONFLICT DO NOTHING): a restart or a re-run of a
 * crashed plan adds the members that joined since and never duplicates one. After a run of a recurring campaign, it
 * plans the next run.
 */
export class Planner {
  constructor(private readonly ports: Pick<Ports, 'em' | 'contacts' | 'jobs'>) {}

  async plan(companyId: number, campaign: ICampaign): Promise<void> {
    const run = campaign.runNumber;
    if (campaign.contactListId) await this.planList(companyId, campaign.id, run, campaign.contactListId);
    else if (campaign.tagListId) await this.planTag(companyId, campaign.id, run, campaign.tagListId);
  }

  /**
   * A run just finished (FINALIZADA): a recurring campaign is PROGRAMADA again for its next run, at the series' next
   * occurrence, with the run counter on; true when it was. The start job is set first and the status after, by a
   * compare-and-set on the finished run: a campaign cancelled, deleted or edited meanwhile is left as it is (its stale
   * start job finds it not PROGRAMADA at that date and does nothing).
   */
  async planNextRun(companyId: number, campaignId: number, now = new Date()): Promise<boolean> {
    const [row] = await this.ports.em.execute<SeriesRow[]>(
      `select recurrence, recurrence_weekdays, recurrence_end_at, recurrence_runs, series_start_at, run_number,
              scheduled_at
         from campaigns where id = ? and company_id = ? and status = 'FINALIZADA'`,
      [campaignId, companyId],
    );
    if (!row) return false;
    const at = nextRunAt(
      {
        recurrence: row.recurrence,
        recurrenceWeekdays: row.recurrence_weekdays,
        recurrenceEndAt: row.recurrence_end_at && new Date(row.recurrence_end_at),
        recurrenceRuns: row.recurrence_runs,
        seriesStartAt: row.series_start_at && new Date(row.series_start_at),
        runNumber: row.run_number,
        scheduledAt: row.scheduled_at && new Date(row.scheduled_at),
      },
      now,
    );
    if (!at) return false;
    const jobId = await this.ports.jobs.schedule(
      at,
      'start',
      { companyId, campaignId },
      { uniqueKey: `start-${campaignId}` },
    );
    const planned = await this.ports.em.execute(
      `update campaigns set status = 'PROGRAMADA', scheduled_at = ?, run_number = run_number + 1, start_job_id = ?,
              updated_at = now()
        where id = ? and company_id = ? and status = 'FINALIZADA' and run_number = ? returning id`,
      [at, jobId, campaignId, companyId, row.run_number],
    );
    return planned.length > 0;
  }

  /**
   * The series a crash left behind: a run marked FINALIZADA by a worker that died before planning the next one. Each
   * finished recurring campaign that may still have runs is planned again (planNextRun is a compare-and-set, so a
   * series planned meanwhile is left alone). Run every few minutes by the `resume-series` job.
   */
  async resumeSeries(companyId: number, now = new Date()): Promise<number> {
    const rows = await this.ports.em.execute<{ id: number }[]>(
      `select id from campaigns
        where company_id = ? and status = 'FINALIZADA' and recurrence <> 'none'
          and (recurrence_runs is null or run_number < recurrence_runs)
          and (recurrence_end_at is null or recurrence_end_at > ?)`,
      [companyId, now],
    );
    let planned = 0;
    for (const { id } of rows) if (await this.planNextRun(companyId, id, now)) planned++;
    return planned;
  }

  /** Is this contact list the company's? (The contact-lists plugin owns the table; read by SQL, company-scoped.) */
  async listExists(companyId: number, contactListId: number): Promise<boolean> {
    const rows = await this.ports.em.execute(
      'select 1 from contact_lists where id = ? and company_id = ? limit 1',
      [contactListId, companyId],
    );
    return rows.length > 0;
  }

  /**
   * One statement, however large the list: the rows never pass through this process (flat memory). Items whose number
   * is known not to be on WhatsApp (`is_whatsapp_valid = false`) are left out; unchecked ones (null) are tried.
   */
  private async planList(
    companyId: number,
    campaignId: number,
    run: number,
    contactListId: number,
  ): Promise<void> {
    await this.ports.em.execute(
      `insert into campaign_shippings (company_id, campaign_id, run_number, contact_list_item_id, number, name, email)
       select i.company_id, ?, ?, i.id, left(i.number, 100), left(i.name, 255), nullif(left(i.email, 255), '')
         from contact_list_items i
        where i.company_id = ? and i.contact_list_id = ? and i.is_whatsapp_valid is not false
       on conflict (campaign_id, run_number, contact_list_item_id) where contact_list_item_id is not null do nothing`,
      [campaignId, run, companyId, contactListId],
    );
  }

  /** A keyset walk of the tag's contacts through the contacts port, one page in memory at a time. */
  private async planTag(companyId: number, campaignId: number, run: number, tagId: number): Promise<void> {
    let beforeId: number | undefined;
    for (;;) {
      const page = await this.ports.contacts.list({ tagIds: [tagId], beforeId, limit: TAG_PAGE });
      if (page.length === 0) return;
      const values = page.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
      const params = page.flatMap((c) => [companyId, campaignId, run, c.id, c.number, c.name, c.email]);
      await this.ports.em.execute(
        `insert into campaign_shippings (company_id, campaign_id, run_number, contact_id, number, name, email)
         values ${values}
         on conflict (campaign_id, run_number, contact_id) where contact_list_item_id is null do nothing`,
        params,
      );
      beforeId = page[page.length - 1].id;
    }
  }
}
