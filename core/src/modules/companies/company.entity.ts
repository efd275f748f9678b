import type { ScheduleRow } from '@balcao/sdk';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const Company = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(50),
    email: p.string().length(255).nullable(),
    phone: p.string().length(30).nullable(),
    document: p.string().length(30).nullable(),
    planId: p.integer(),
    status: p.boolean().default(true),
    /** YYYY-MM-DD; null means no due date set. Company 1 is treated as never expiring. */
    dueDate: p.date().nullable(),
    recurrence: p.string().length(20).default('MENSAL'),
    paymentMethod: p.string().length(30).nullable(),
    lastLogin: p.datetime().nullable(),
    /** Recorded from the company form (spec part 2 §3); the plan's counts are the limits enforced. */
    numberAttendants: p.integer().default(1),
    numberConections: p.integer().default(1),
    /** Service hours, a row per weekday (read when scheduleType is `company`); null: none set. */
    schedules: p.json<ScheduleRow[]>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ICompany = InferEntity<typeof Company>;
