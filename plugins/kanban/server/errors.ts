import { definePluginErrors } from '@balcao/sdk';

/** The kanban's own refusals (translated under `errors` in the plugin's locales). */
export const kanbanErrors = definePluginErrors('kanban', {
  /** A lane order naming a tag that is not one of the company's kanban tags. */
  ERR_NOT_A_LANE: 400,
});
