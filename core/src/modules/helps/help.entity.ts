import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A help video (spec part 2 §3 Help), global: every company sees the same entries. */
export const Help = defineEntity({
  name: 'Help',
  tableName: 'helps',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    title: p.string().length(100),
    description: p.text().default(''),
    /** A YouTube video id. */
    video: p.string().length(11),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IHelp = InferEntity<typeof Help>;
