import { definePluginErrors } from '@balcao/sdk';

/** The file-lists plugin's own refusals (translated under `errors` in its locales). */
export const fileListErrors = definePluginErrors('file-lists', {
  ERR_NO_FILE_LIST_FOUND: 404,
  ERR_FILE_TOO_LARGE: 413,
});
