import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** A campaign (spec part 2 §3). Its shipping rows live in `campaign_shippings`, written by SQL (dispatch.ts). */
export const Campaign = defineEntity({
  name: 'CampaignsCampaign',
  tableName: 'campaigns',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string(),
    message1: p.text().nullable(),
    message2: p.text().nullable(),
    message3: p.text().nullable(),
    message4: p.text().nullable(),
    message5: p.text().nullable(),
    confirmationMessage1: p.text().nullable(),
    confirmationMessage2: p.text().nullable(),
    confirmationMessage3: p.text().nullable(),
    confirmationMessage4: p.text().nullable(),
    confirmationMessage5: p.text().nullable(),
    status: p.string(),
    confirmation: p.boolean(),
    scheduledAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    contactListId: p.integer().nullable(),
    tagListId: p.integer().nullable(),
    /** Comma-joined connection ids, as the spec saves them. */
    whatsappId: p.string(),
    mediaPath: p.string().nullable(),
    mediaName: p.string().nullable(),
    /** The media's MIME type, as the upload declared it. */
    mediaType: p.string().nullable(),
    /** The dispatch chain allowed to run: a start or restart begins a new one and the older one stops. */
    dispatchRun: p.integer(),
    /** Sends only within the company's business hours and days (paused outside, resumed at the next opening). */
    withinBusinessHours: p.boolean().default(false),
    /** While the chain waits for the window or the daily cap: until when, and why ('hours' | 'cap'). */
    pausedUntil: p.datetime().nullable(),
    pauseReason: p.string().nullable(),
    /** The pending start job (scheduled at `scheduledAt`), so a new date or a delete can cancel it. */
    startJobId: p.string().nullable(),
    /** none, daily, weekly (on `recurrenceWeekdays`, 0 = Sunday) or monthly; ends at `recurrenceEndAt` or after `recurrenceRuns` runs. */
    recurrence: p.string(),
    recurrenceWeekdays: p.json<number[]>(),
    recurrenceEndAt: p.datetime().nullable(),
    recurrenceRuns: p.integer().nullable(),
    /** The series' first date: its occurrences step from it (shared/recurrence.ts `nextRunAt`). */
    seriesStartAt: p.datetime().nullable(),
    /** The run going (or last gone) out, 1 for the first; its shipping rows carry it. */
    runNumber: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ICampaign = InferEntity<typeof Campaign>;

/** One campaign setting of a company (`messageInterval`, …, `variables`), its value as JSON (spec part 2 §3). */
export const CampaignSetting = defineEntity({
  name: 'CampaignsSetting',
  tableName: 'campaign_settings',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    key: p.string(),
    value: p.json<unknown>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ICampaignSetting = InferEntity<typeof CampaignSetting>;
