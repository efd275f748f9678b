import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { KanbanPage } from './kanban-page';
import { TagsKanbanPage } from './tags-kanban-page';

/** The board and the kanban tags screen, for tenants whose plan has useKanban (spec part 2 §2, part 1 §2 menu). */
export default defineUiPlugin({
  name: 'kanban',
  pages: [
    {
      path: '/Kanban',
      component: KanbanPage,
      planFlag: 'useKanban',
      menu: { labelKey: 'kanban:menu', icon: 'column-layout', section: 'main', after: '/tickets' },
    },
    {
      path: '/TagsKanban',
      component: TagsKanbanPage,
      planFlag: 'useKanban',
      menu: { labelKey: 'kanban:tagsMenu', icon: 'tags', section: 'main', after: '/tags' },
    },
  ],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
