import { definePluginErrors } from '@balcao/sdk';

/** The plugin's own refusals, translated under `errors` in its locales. */
export const listErrors = definePluginErrors('contact-lists', {
  ERR_NO_CONTACT_LIST_FOUND: 404,
  ERR_NO_CONTACT_LIST_ITEM_FOUND: 404,
  /** The number, or its ninth-digit twin, is already in the list. */
  ERR_DUPLICATED_NUMBER: 409,
});
