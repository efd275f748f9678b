import { definePlugin } from '@balcao/sdk';
import { REQUIRES } from './deps.js';
import { EGRESS_TIMEOUT_MS } from './engines/common.js';
import { dialogflowEngine, GOOGLE_ENDPOINTS, type GoogleEndpoints } from './engines/dialogflow.js';
import { typebotEngine } from './engines/typebot.js';
import { n8nEngine, webhookEngine } from './engines/webhook.js';
import { IntegrationRecord, IntegrationSession } from './entities.js';
import { integrationErrors } from './errors.js';
import { migrations } from './migrations.js';
import { RecordsService } from './records-service.js';
import { integrationRoutes } from './routes.js';

/**
 * Options of {@link createQueueIntegrationsPlugin}: where Google is (tests point it at a local mock), and how long one
 * call to a flow or a Typebot may take (8 s; tests of the timeout shorten it).
 */
export interface QueueIntegrationsOptions {
  google?: Partial<GoogleEndpoints>;
  requestTimeoutMs?: number;
}

/**
 * Queue integrations (spec part 2 §2, §3, §7; peer §2.6): the company's Typebot, n8n, webhook and Dialogflow records
 * (/queue-integration) and one bot engine per type. A queue, a connection or a chatbot option selects the engine
 * (`queue-integrations:typebot` …) and the record (`integrationId`) it runs with. Secrets (Dialogflow's key file, the
 * webhook signing key) sit in the config port, encrypted; every call out goes through the http port.
 * @example createTestHost({ plugins: [createQueueIntegrationsPlugin({ google: { tokenUrl: mock.url('/token') } })] })
 */
export function createQueueIntegrationsPlugin(options: QueueIntegrationsOptions = {}) {
  const google = { ...GOOGLE_ENDPOINTS, ...options.google };
  return definePlugin({
    name: 'queue-integrations',
    planFlag: 'useIntegration',
    requires: REQUIRES,
    entities: [IntegrationRecord, IntegrationSession],
    migrations,
    errors: integrationErrors,
    services: (deps) => ({
      records: new RecordsService(deps),
      limits: { requestTimeoutMs: options.requestTimeoutMs ?? EGRESS_TIMEOUT_MS },
    }),
    routes: (router) => integrationRoutes(router, google),
    contributes: { botEngines: [typebotEngine, n8nEngine, webhookEngine, dialogflowEngine(google)] },
  });
}

export default createQueueIntegrationsPlugin();
