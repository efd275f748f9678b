import { definePluginErrors } from '@balcao/sdk';

/**
 * The chat's own refusals: a chat the user is not a member of is not found (its existence is not told), and edits
 * and deletion are the owner's only (spec part 2 §6).
 */
export const chatErrors = definePluginErrors('internal-chat', {
  ERR_CHAT_NOT_FOUND: 404,
  ERR_NOT_CHAT_OWNER: 403,
});
