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
    useWhatsapp: p.boolean().default(false),
    useFacebook: p.boolean().default(false),
    useInstagram: p.boolean().default(false),
    useCampaigns: p.boolean().default(false),
    useSchedules: p.boolean().default(false),
    useInternalChat: p.boolean().default(false),
    useExternalApi: p.boolean().default(false),
    useKanban: p.boolean().default(false),
    useOpenAi: p.boolean().default(false),
    useIntegration: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IPlan = InferEntity<typeof Plan>;
