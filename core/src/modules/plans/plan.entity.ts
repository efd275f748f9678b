import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const Plan = defineEntity({
  name: 'Plan',
  tableName: 'plans',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(50),
    users: p.integer().default(1),
    connections: p.integer().default(1),
    queues: p.integer().default(1),
    amount: p.decimal('number').precision(10).scale(2).default(0),
    /** Offered on the signup page; a private plan is given by the super admin only. */
    isPublic: p.boolean().default(true),
    /**
     * Every flag the plan stores, core (useWhatsapp…useIntegration) and plugin-declared alike: key → on. An absent key
     * is off. One jsonb column, not one column per flag (plugins add flags).
     */
    flags: p.json<Record<string, boolean>>().defaultRaw("'{}'::jsonb"),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IPlan = InferEntity<typeof Plan>;
