import { tenantFilter } from '@balcao/sdk/orm';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** Platform-wide settings only a super user manages (e.g. userCreation). */
export const Setting = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  properties: (p) => ({
    key: p.string().length(100).primary(),
    value: p.text(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ISetting = InferEntity<typeof Setting>;

/** One company's setting: key and value (enabled/disabled or free text). */
export const CompanySetting = defineEntity({
  name: 'CompanySetting',
  tableName: 'company_settings',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    key: p.string().length(100),
    value: p.text(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ICompanySetting = InferEntity<typeof CompanySetting>;
