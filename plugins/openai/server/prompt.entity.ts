import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** An AI prompt (spec part 2 §3 Prompt). The API key and the speech key live in the config port, encrypted. */
export const Prompt = defineEntity({
  name: 'OpenaiPrompt',
  tableName: 'openai_prompts',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.text(),
    prompt: p.text(),
    voice: p.text(),
    voiceRegion: p.text(),
    maxTokens: p.integer(),
    temperature: p.double(),
    maxMessages: p.integer(),
    baseUrl: p.text(),
    model: p.text(),
    queueId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IPrompt = InferEntity<typeof Prompt>;
