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
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IQueue = InferEntity<typeof Queue>;
