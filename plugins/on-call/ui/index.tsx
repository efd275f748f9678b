import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { OnCallPage } from './on-call-page';

/** On-call duty: the /plantao page (every plan: the spec gates it by login only). */
export default defineUiPlugin({
  name: 'on-call',
  pages: [
    {
      path: '/plantao',
      component: OnCallPage,
      menu: { labelKey: 'on-call:menu', icon: 'shield', section: 'admin' },
    },
  ],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
