import { definePluginErrors } from '@balcao/sdk';

/** The openai plugin's own refusals (translated under `errors` in its locales). */
export const openaiErrors = definePluginErrors('openai', { ERR_NO_PROMPT_FOUND: 404 });
