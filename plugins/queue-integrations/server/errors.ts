import { definePluginErrors } from '@balcao/sdk';

/** The plugin's own refusals, translated under `errors` in its locales. */
export const integrationErrors = definePluginErrors('queue-integrations', {
  /** No record of the company with that id. */
  ERR_INTEGRATION_NOT_FOUND: 404,
  /** Dialogflow's test session could not get an answer (token refused, agent unreachable). */
  ERR_DIALOGFLOW_FAILED: 502,
});
