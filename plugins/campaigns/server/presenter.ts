import type { CampaignDto, CampaignStatus, PauseReason } from '../shared/campaign.js';
import { type CampaignRecurrence, nextRunAt } from '../shared/recurrence.js';
import type { ICampaign } from './entities.js';

/** The presenter: what clients see of a campaign. */
export const toCampaignDto = (c: ICampaign, now = new Date()): CampaignDto => ({
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
  recurrence: c.recurrence as CampaignRecurrence,
  recurrenceWeekdays: c.recurrenceWeekdays ?? [],
  recurrenceEndAt: c.recurrenceEndAt?.toISOString() ?? null,
  recurrenceRuns: c.recurrenceRuns ?? null,
  runNumber: c.runNumber,
  nextRunAt: nextRunDate(c, now),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/** A scheduled campaign's next run is its date; a running or finished one's, the series' next occurrence (if any). */
function nextRunDate(c: ICampaign, now: Date): string | null {
  if (c.status === 'PROGRAMADA') return c.scheduledAt?.toISOString() ?? null;
  if (c.status !== 'EM_ANDAMENTO') return null;
  const at = nextRunAt(
    {
      recurrence: c.recurrence as CampaignRecurrence,
      recurrenceWeekdays: c.recurrenceWeekdays ?? [],
      recurrenceEndAt: c.recurrenceEndAt ?? null,
      recurrenceRuns: c.recurrenceRuns ?? null,
      seriesStartAt: c.seriesStartAt ?? null,
      runNumber: c.runNumber,
      scheduledAt: c.scheduledAt ?? null,
    },
    now,
  );
  return at?.toISOString() ?? null;
}
