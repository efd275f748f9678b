import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { ItemsPage } from './items-page';
import { ListsPage } from './lists-page';

/** Contact lists (spec part 2 §2), in the admin section beside campaigns; the plan's useCampaigns gates it. */
export default defineUiPlugin({
  name: 'contact-lists',
  pages: [
    {
      path: '/contact-lists',
      component: ListsPage,
      planFlag: 'useCampaigns',
      menu: { labelKey: 'contact-lists:menu', icon: 'th-list', section: 'admin' },
    },
    { path: '/contact-lists/:contactListId/contacts', component: ItemsPage, planFlag: 'useCampaigns' },
  ],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
