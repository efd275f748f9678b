import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { FilesPage } from './files-page';

/** File lists: the /files page the shell's admin menu already lists (spec part 1 §2). */
export default defineUiPlugin({
  name: 'file-lists',
  pages: [{ path: '/files', component: FilesPage, profile: 'admin' }],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
