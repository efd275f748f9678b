import { definePluginErrors } from '@balcao/sdk';

/** The on-call plugin's own refusals, translated in its locales (`errors.ERR_…`). */
export const onCallErrors = definePluginErrors('on-call', { ERR_ON_CALL_NOT_FOUND: 404 });
