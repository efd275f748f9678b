import { definePluginErrors } from '@balcao/sdk';

/** The plugin's own refusals, translated under `errors` in its locales. */
export const quickMessageErrors = definePluginErrors('quick-messages', {
  ERR_QUICK_MESSAGE_NOT_FOUND: 404,
  ERR_SHARED_NOT_ALLOWED: 403,
});
