import { AppError, companyChannel } from '@balcao/sdk';
import {
  type CampaignDto,
  type CampaignInput,
  type CampaignPageDto,
  type CampaignStatus,
  CONFIRMATION_FIELDS,
  editability,
  MESSAGE_FIELDS,
} from '../shared/campaign.js';
import { mediaShown } from './campaign-media.js';
import { CAMPAIGN_TOPIC, type Ports } from './deps.js';
import type { Dispatcher } from './dispatch.js';
import { Campaign, type ICampaign } from './entities.js';
import { campaignErrors } from './errors.js';
import { toCampaignDto } from './presenter.js';

const PAGE_SIZE = 20;

const fieldError = (path: string, message: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ path, message }] });

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Campaign records of the request's company: the modal's calls, cancel and restart (spec part 2 §7). */
export class CampaignsService {
  constructor(
    private readonly ports: Ports,
    private readonly dispatcher: Dispatcher,
  ) {}

  async list(searchParam: string, pageNumber: number): Promise<CampaignPageDto> {
    const where = searchParam ? { name: { $ilike: `%${escapeLike(searchParam)}%` } } : {};
    const [rows, count] = await this.ports.em.findAndCount(Campaign, where, {
      orderBy: { id: 'desc' },
      limit: PAGE_SIZE,
      offset: PAGE_SIZE * (pageNumber - 1),
    });
    return { records: rows.map((c) => toCampaignDto(c)), count, hasMore: count > PAGE_SIZE * pageNumber };
  }

  async find(id: number): Promise<ICampaign> {
    const campaign = await this.ports.em.findOne(Campaign, { id });
    if (!campaign) throw campaignErrors.raise('ERR_CAMPAIGN_NOT_FOUND');
    return campaign;
  }

  async create(companyId: number, input: CampaignInput): Promise<CampaignDto> {
    await this.checkReferences(companyId, input);
    const campaign = this.ports.em.create(Campaign, {
      companyId,
      ...this.fields(input),
      status: input.scheduledAt ? 'PROGRAMADA' : 'INATIVA',
      dispatchRun: 0,
      startJobId: null,
      mediaPath: null,
      mediaName: null,
      mediaType: null,
      completedAt: null,
      pausedUntil: null,
      pauseReason: null,
      seriesStartAt: input.scheduledAt,
      runNumber: 1,
    });
    await this.ports.em.flush();
    await this.scheduleStart(companyId, campaign);
    return this.publish(companyId, 'create', campaign);
  }

  /**
   * Applies the modal: everything while INATIVA or PROGRAMADA more than an hour ahead (a date makes it PROGRAMADA, no
   * date INATIVA), only the message fields while CANCELADA, nothing otherwise.
   */
  async update(companyId: number, id: number, input: CampaignInput): Promise<CampaignDto> {
    const campaign = await this.find(id);
    const mode = editability({
      status: campaign.status as CampaignStatus,
      scheduledAt: campaign.scheduledAt ?? null,
    });
    if (mode === 'none') throw campaignErrors.raise('ERR_CAMPAIGN_NOT_EDITABLE', { status: campaign.status });
    if (mode === 'messages') {
      for (const f of [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS]) campaign[f] = input[f];
    } else {
      await this.checkReferences(companyId, input);
      // A new date or a new rule starts the series from that date; otherwise it keeps stepping from its first one.
      const reanchored =
        input.scheduledAt?.getTime() !== campaign.scheduledAt?.getTime() ||
        input.recurrence !== campaign.recurrence ||
        input.recurrenceWeekdays.join(',') !== (campaign.recurrenceWeekdays ?? []).join(',');
      Object.assign(campaign, this.fields(input));
      if (reanchored || !campaign.seriesStartAt) campaign.seriesStartAt = input.scheduledAt;
      campaign.status = input.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
    }
    await this.ports.em.flush();
    if (mode === 'all') await this.scheduleStart(companyId, campaign);
    return this.publish(companyId, 'update', campaign);
  }

  async remove(companyId: number, id: number): Promise<void> {
    const campaign = await this.find(id);
    if (campaign.startJobId) await this.ports.jobs.cancel(campaign.startJobId);
    // Asked before the shipping rows go: a file a sent message shows stays in the store.
    const media = campaign.mediaPath;
    const dropMedia = media && !(await mediaShown(this.ports, companyId, id));
    // The shipping rows go with it (on delete cascade); a dispatch still running finds no campaign and stops.
    await this.ports.em.removeAndFlush(campaign);
    if (dropMedia) await this.ports.media.remove(media);
    await this.ports.realtime.publish({
      companyId,
      channel: companyChannel(companyId, CAMPAIGN_TOPIC),
      data: { action: 'delete', id },
    });
  }

  /**
   * Cancel: a running (or scheduled) campaign stops before its next message; the sent ones stay sent. A recurring one
   * stops its series too: no next run is planned (a restart finishes the current run and the series goes on).
   */
  async cancel(companyId: number, id: number): Promise<CampaignDto> {
    const campaign = await this.find(id);
    // A compare-and-set: a campaign the dispatch finished a moment ago stays FINALIZADA.
    const rows = await this.ports.em.execute(
      `update campaigns set status = 'CANCELADA', start_job_id = null, updated_at = now()
        where id = ? and company_id = ? and status in ('EM_ANDAMENTO', 'PROGRAMADA') returning id`,
      [id, companyId],
    );
    if (rows.length === 0) {
      await this.ports.em.refresh(campaign);
      throw campaignErrors.raise('ERR_CAMPAIGN_INVALID_TRANSITION', { status: campaign.status });
    }
    if (campaign.startJobId) await this.ports.jobs.cancel(campaign.startJobId);
    Object.assign(campaign, { status: 'CANCELADA', startJobId: null });
    return this.publish(companyId, 'update', campaign);
  }

  /** Restart: a cancelled campaign runs again and messages only the contacts it has not messaged yet. */
  async restart(companyId: number, id: number): Promise<CampaignDto> {
    const campaign = await this.find(id);
    if (campaign.status !== 'CANCELADA')
      throw campaignErrors.raise('ERR_CAMPAIGN_INVALID_TRANSITION', { status: campaign.status });
    if (!(await this.dispatcher.begin(companyId, campaign, 'CANCELADA')))
      throw campaignErrors.raise('ERR_CAMPAIGN_INVALID_TRANSITION', { status: campaign.status });
    return this.publish(companyId, 'update', campaign);
  }

  async publish(companyId: number, action: 'create' | 'update', campaign: ICampaign): Promise<CampaignDto> {
    const record = toCampaignDto(campaign);
    await this.ports.realtime.publish({
      companyId,
      channel: companyChannel(companyId, CAMPAIGN_TOPIC),
      data: { action, record },
    });
    return record;
  }

  private fields(input: CampaignInput) {
    return {
      name: input.name,
      ...Object.fromEntries([...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((f) => [f, input[f]])),
      confirmation: input.confirmation,
      scheduledAt: input.scheduledAt,
      contactListId: input.contactListId,
      tagListId: input.tagListId,
      whatsappId: input.whatsappId.join(','),
      withinBusinessHours: input.withinBusinessHours,
      recurrence: input.recurrence,
      recurrenceWeekdays: input.recurrenceWeekdays,
      recurrenceEndAt: input.recurrenceEndAt,
      recurrenceRuns: input.recurrenceRuns,
    };
  }

  /** The audience and the connections must be the company's own: an unknown id is the field's 400, never a 500. */
  private async checkReferences(companyId: number, input: CampaignInput): Promise<void> {
    if (input.tagListId !== null && !(await this.ports.tags.find(input.tagListId)))
      throw fieldError('tagListId', 'Unknown tag');
    if (
      input.contactListId !== null &&
      !(await this.dispatcher.planner.listExists(companyId, input.contactListId))
    )
      throw fieldError('contactListId', 'Unknown');
    for (const id of input.whatsappId)
      if (!(await this.ports.connections.find(id))) throw fieldError('whatsappId', 'Unknown');
  }

  /** A scheduled campaign starts at its time (one start job per campaign); an unscheduled one has none. */
  private async scheduleStart(companyId: number, campaign: ICampaign): Promise<void> {
    if (campaign.status === 'PROGRAMADA' && campaign.scheduledAt) {
      campaign.startJobId = await this.ports.jobs.schedule(
        campaign.scheduledAt,
        'start',
        { companyId, campaignId: campaign.id },
        { uniqueKey: `start-${campaign.id}` },
      );
    } else if (campaign.startJobId) {
      await this.ports.jobs.cancel(campaign.startJobId);
      campaign.startJobId = null;
    }
    await this.ports.em.flush();
  }
}
