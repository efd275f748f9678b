import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

export const Tag = defineEntity({
  name: 'Tag',
  tableName: 'tags',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(50),
    color: p.string().length(9),
    /** 0 for an ordinary tag, anything else for a kanban lane. */
    kanban: p.integer().default(0),
    userId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ITag = InferEntity<typeof Tag>;
