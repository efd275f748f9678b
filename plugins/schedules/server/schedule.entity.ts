import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** A message to send to a contact at `sendAt` (then again, for a recurring one, until `recurrenceEnd`). */
export const Schedule = defineEntity({
  name: 'SchedulesSchedule',
  tableName: 'schedules_schedules',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    contactId: p.integer(),
    userId: p.integer().nullable(),
    body: p.text(),
    /** The next send; for a recurring schedule it moves on after each one. */
    sendAt: p.datetime(),
    /** The first send: recurring occurrences count from it. */
    startsAt: p.datetime(),
    status: p.string(),
    error: p.text().nullable(),
    sentAt: p.datetime().nullable(),
    recurrence: p.string(),
    recurrenceEnd: p.datetime().nullable(),
    /** Every send so far: the next send's idempotency key counts on from it. */
    sentCount: p.integer(),
    /** Which occurrence since `startsAt` is next (0 = the first); an edit starts again at 0. */
    occurrence: p.integer(),
    claimedAt: p.datetime().nullable(),
    mediaUrl: p.text().nullable(),
    mediaType: p.string().nullable(),
    mediaName: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ISchedule = InferEntity<typeof Schedule>;
