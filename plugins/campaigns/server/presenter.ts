import type { CampaignDto, CampaignStatus, PauseReason } from '../shared/campaign.js';
import type { ICampaign } from './entities.js';

/** The presenter: what clients see of a campaign. */
export const toCampaignDto = (c: ICampaign): CampaignDto => ({
  id: c.id,
  name: c.name,
  message1: c.message1 ?? null,
  message2: c.message2 ?? null,
  message3: c.message3 ?? null,
  message4: c.message4 ?? null,
  message5: c.message5 ?? null,
  confirmationMessage1: c.confirmationMessage1 ?? null,
  confirmationMessage2: c.confirmationMessage2 ?? null,
  confirmationMessage3: c.confirmationMessage3 ?? null,
  confirmationMessage4: c.confirmationMessage4 ?? null,
  confirmationMessage5: c.confirmationMessage5 ?? null,
  status: c.status as CampaignStatus,
  confirmation: c.confirmation,
  scheduledAt: c.scheduledAt?.toISOString() ?? null,
  completedAt: c.completedAt?.toISOString() ?? null,
  contactListId: c.contactListId ?? null,
  tagListId: c.tagListId ?? null,
  whatsappId: c.whatsappId,
  mediaPath: c.mediaPath ?? null,
  mediaName: c.mediaName ?? null,
  withinBusinessHours: c.withinBusinessHours,
  pausedUntil: c.pausedUntil?.toISOString() ?? null,
  pauseReason: (c.pauseReason as PauseReason | null) ?? null,
  mediaType: c.mediaType ?? null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
