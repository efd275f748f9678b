import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** A quick reply (spec part 2 §3 QuickMessage): its owner, shared flag and optional media of the company's store. */
export const QuickMessage = defineEntity({
  name: 'QuickMessage',
  tableName: 'quick_messages',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    userId: p.integer().nullable(),
    shortcode: p.text(),
    message: p.text(),
    geral: p.boolean(),
    status: p.boolean(),
    mediaPath: p.text().nullable(),
    mediaName: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IQuickMessage = InferEntity<typeof QuickMessage>;
