import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';
import type { DutyDay } from '../shared/duty.js';

/** One person on call: their user, the phone the notices go to, how often, and their hours per weekday. */
export const Duty = defineEntity({
  name: 'OnCallDuty',
  tableName: 'on_call_duties',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    userId: p.integer(),
    phone: p.string(),
    interval: p.integer(),
    days: p.json<DutyDay[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IDuty = InferEntity<typeof Duty>;
