import { defineEntity, type InferEntity } from '@balcao/sdk/orm';

/** A platform-wide announcement: no tenant filter, every company's users read the active ones. */
export const Announcement = defineEntity({
  name: 'Announcement',
  tableName: 'announcements',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().nullable(),
    title: p.string().length(200),
    text: p.text(),
    priority: p.smallint().default(3),
    status: p.boolean().default(true),
    mediaPath: p.string().length(64).nullable(),
    mediaName: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IAnnouncement = InferEntity<typeof Announcement>;
