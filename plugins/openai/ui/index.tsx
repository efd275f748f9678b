import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { PromptsPage } from './prompts-page';

/** AI prompts: the /prompts page, in the admin menu after the queues (spec part 1 §2 side menu order). */
export default defineUiPlugin({
  name: 'openai',
  pages: [
    {
      path: '/prompts',
      component: PromptsPage,
      profile: 'admin',
      planFlag: 'useOpenAi',
      menu: { labelKey: 'openai:menu', icon: 'predictive-analysis', section: 'admin', after: '/queues' },
    },
  ],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
