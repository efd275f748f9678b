import { AppError, type AuthUser, definePlugin, validate } from '@balcao/sdk';
import { promptIdParam, promptInputSchema, promptListQuery } from '../shared/prompt.js';
import { promptEngine } from './engine.js';
import { openaiErrors } from './errors.js';
import { migrations } from './migrations.js';
import { Prompt } from './prompt.entity.js';
import { PromptsService } from './prompts-service.js';
import { AZURE_SPEECH_URL, type SpeechUrl } from './speech.js';

/** Prompts hold the company's API keys: only its admins read or change them. */
function requireAdmin(user: AuthUser) {
  if (user.profile !== 'admin' && !user.super) throw new AppError('ERR_NO_PERMISSION', 403);
}

/** Options of {@link createOpenAiPlugin}: where the speech provider is for a region (tests point it at a mock). */
export interface OpenAiPluginOptions {
  speechUrl?: SpeechUrl;
}

/**
 * AI prompts (spec part 2 "AI prompts", /prompts) and the OpenAI engine (`openai:prompt`) a queue, a connection or a
 * chatbot option selects, for plans with `useOpenAi`.
 * @example createTestHost({ plugins: [createOpenAiPlugin({ speechUrl: () => `${mock.url}/tts` })] })
 */
export const createOpenAiPlugin = (options: OpenAiPluginOptions = {}) =>
  definePlugin({
    name: 'openai',
    planFlag: 'useOpenAi',
    requires: ['em', 'config', 'queues', 'messages', 'media', 'http', 'logger'],
    entities: [Prompt],
    migrations,
    errors: openaiErrors,
    services: (deps) => ({
      prompts: new PromptsService(deps),
      speechUrl: options.speechUrl ?? AZURE_SPEECH_URL,
    }),
    routes(router) {
      router.get('/prompt', async (ctx) => {
        requireAdmin(ctx.state.user);
        const { searchParam, pageNumber } = validate(promptListQuery, ctx.query);
        ctx.body = await ctx.state.deps.prompts.list(searchParam, pageNumber);
      });
      router.get('/prompt/:id', async (ctx) => {
        requireAdmin(ctx.state.user);
        const { id } = validate(promptIdParam, ctx.params);
        ctx.body = await ctx.state.deps.prompts.find(id);
      });
      router.post('/prompt', async (ctx) => {
        requireAdmin(ctx.state.user);
        const body = validate(promptInputSchema, ctx.request.body);
        ctx.status = 201;
        ctx.body = await ctx.state.deps.prompts.create(ctx.state.companyId, body);
      });
      router.put('/prompt/:id', async (ctx) => {
        requireAdmin(ctx.state.user);
        const { id } = validate(promptIdParam, ctx.params);
        const body = validate(promptInputSchema, ctx.request.body);
        ctx.body = await ctx.state.deps.prompts.update(id, body);
      });
      router.delete('/prompt/:id', async (ctx) => {
        requireAdmin(ctx.state.user);
        const { id } = validate(promptIdParam, ctx.params);
        await ctx.state.deps.prompts.remove(id);
        ctx.body = { message: 'Prompt deleted' };
      });
    },
    contributes: { botEngines: [promptEngine] },
  });

export default createOpenAiPlugin();
