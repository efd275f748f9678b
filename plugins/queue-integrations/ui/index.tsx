import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { IntegrationsPage } from './integrations-page';

/** /queue-integration for admins of companies whose plan has integrations (spec part 1 menu, part 2 §2). */
export default defineUiPlugin({
  name: 'queue-integrations',
  pages: [
    {
      path: '/queue-integration',
      component: IntegrationsPage,
      profile: 'admin',
      planFlag: 'useIntegration',
      menu: {
        labelKey: 'queue-integrations:menu',
        icon: 'data-connection',
        section: 'admin',
        after: '/queues',
      },
    },
  ],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
