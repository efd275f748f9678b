import type { ChatbotOptionType } from '@balcao/sdk';
import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** One option of a queue's chatbot tree (spec part 2 §3 Chatbot option): its queue, parent (null: root), position. */
export const Chatbot = defineEntity({
  name: 'Chatbot',
  tableName: 'chatbots',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    queueId: p.integer(),
    parentId: p.integer().nullable(),
    position: p.integer(),
    name: p.string().length(100),
    greetingMessage: p.text().nullable(),
    queueType: p.string().length(20).$type<ChatbotOptionType>(),
    optQueueId: p.integer().nullable(),
    optUserId: p.integer().nullable(),
    optIntegrationId: p.integer().nullable(),
    /** An integration option's bot engine (`plugin:engine`, modules/bots); column added by bots-0003. */
    optBotEngine: p.string().length(100).nullable(),
    optFileId: p.integer().nullable(),
    closeTicket: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IChatbot = InferEntity<typeof Chatbot>;
