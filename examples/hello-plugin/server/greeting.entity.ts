import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** A greeting a user left; the `process` job stamps `processedAt`. */
export const Greeting = defineEntity({
  name: 'HelloGreeting',
  tableName: 'hello_greetings',
  // On by default: every query is scoped to the request's or job's company.
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    message: p.text(),
    processedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});
export type IGreeting = InferEntity<typeof Greeting>;
