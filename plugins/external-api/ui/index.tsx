import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { MessagesApiPage } from './messages-api-page';

/** The /messages-api page: the API's documentation, test forms and OpenAPI document, for plans with useExternalApi. */
export default defineUiPlugin({
  name: 'external-api',
  pages: [
    {
      path: '/messages-api',
      component: MessagesApiPage,
      planFlag: 'useExternalApi',
      profile: 'admin',
      menu: { labelKey: 'external-api:menu', icon: 'code', section: 'admin', after: '/announcements' },
    },
  ],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
