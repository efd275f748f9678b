import type { ScheduleRow } from '@balcao/sdk';
import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

export const Queue = defineEntity({
  name: 'Queue',
  tableName: 'queues',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(50),
    color: p.string().length(9),
    orderQueue: p.integer().nullable(),
    greetingMessage: p.text().nullable(),
    outOfHoursMessage: p.text().nullable(),
    ativarRoteador: p.boolean().default(false),
    tempoRoteador: p.integer().default(0),
    integrationId: p.integer().nullable(),
    fileListId: p.integer().nullable(),
    promptId: p.integer().nullable(),
    /** The bot engine selected for the queue (`plugin:engine`, modules/bots); column added by bots-0003. */
    botEngine: p.string().length(100).nullable(),
    closeTicket: p.boolean().default(false),
    schedules: p.json<ScheduleRow[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IQueue = InferEntity<typeof Queue>;
