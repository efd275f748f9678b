import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { TodoPage } from './todo-page';

/** The to-do list, for every user of every plan (the spec gates it on nothing). */
export default defineUiPlugin({
  name: 'todo',
  pages: [
    {
      path: '/todolist',
      component: TodoPage,
      menu: { labelKey: 'todo:menu', icon: 'tick', section: 'main' },
    },
  ],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
