import { mediaTypeOf, type SendToContactInput, type UploadedFile } from '@balcao/sdk';
import { type CampaignDto, type CampaignStatus, editability } from '../shared/campaign.js';
import type { CampaignsService } from './campaigns-service.js';
import type { Ports } from './deps.js';
import type { ICampaign } from './entities.js';
import { campaignErrors } from './errors.js';

/**
 * What dispatch sends with a campaign's message: its file, if it has one. Every contact's message points at the same
 * stored file (100,000 copies would fill the disk), so the file stays while a sent message shows it.
 */
export const campaignMedia = (c: ICampaign): Pick<SendToContactInput, 'media'> =>
  c.mediaPath ? { media: { url: c.mediaPath, type: mediaTypeOf(c.mediaType ?? '') } } : {};

/** Whether a message the campaign sent (or a confirmation it asked) may show its file. */
export async function mediaShown(ports: Ports, companyId: number, campaignId: number): Promise<boolean> {
  const sent = await ports.em.execute(
    `select 1 from campaign_shippings
      where company_id = ? and campaign_id = ? and (message_id is not null or confirmation_message_id is not null)
      limit 1`,
    [companyId, campaignId],
  );
  return sent.length > 0;
}

/**
 * A campaign's one file (spec part 2 §7 `POST|DELETE /campaigns/{id}/media-upload`): an image, audio, video or
 * document in the company's media store, changed while the campaign's messages may be (the form's edit rule).
 */
export class CampaignMediaService {
  constructor(
    private readonly ports: Ports,
    private readonly campaigns: CampaignsService,
  ) {}

  async attach(companyId: number, id: number, file: UploadedFile): Promise<CampaignDto> {
    const campaign = await this.editable(id);
    const data = await file.read();
    const stored = await this.ports.media.store({ data, fileName: file.fileName, mimeType: file.mimeType });
    const previous = campaign.mediaPath;
    Object.assign(campaign, { mediaPath: stored.url, mediaName: file.fileName, mediaType: file.mimeType });
    await this.ports.em.flush();
    await this.release(companyId, campaign.id, previous);
    return this.campaigns.publish(companyId, 'update', campaign);
  }

  async remove(companyId: number, id: number): Promise<CampaignDto> {
    const campaign = await this.editable(id);
    const previous = campaign.mediaPath;
    Object.assign(campaign, { mediaPath: null, mediaName: null, mediaType: null });
    await this.ports.em.flush();
    await this.release(companyId, campaign.id, previous);
    return this.campaigns.publish(companyId, 'update', campaign);
  }

  /** Deletes a file the campaign no longer uses, unless a message it sent shows it (then the file stays theirs). */
  async release(companyId: number, campaignId: number, url: string | null | undefined): Promise<void> {
    if (url && !(await mediaShown(this.ports, companyId, campaignId))) await this.ports.media.remove(url);
  }

  private async editable(id: number): Promise<ICampaign> {
    const campaign = await this.campaigns.find(id);
    const mode = editability({
      status: campaign.status as CampaignStatus,
      scheduledAt: campaign.scheduledAt ?? null,
    });
    if (mode === 'none') throw campaignErrors.raise('ERR_CAMPAIGN_NOT_EDITABLE', { status: campaign.status });
    return campaign;
  }
}
