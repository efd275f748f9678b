import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { EmbedTab } from './embed-tab';

/**
 * Web chat's UI: its entry in the "New connection" menu (every plan has it; the shell's connection dialog serves it)
 * and the dialog's web chat tab (page, embed code, the websites allowed to embed it).
 */
export default defineUiPlugin({
  name: 'webchat',
  connectionChannels: [{ channel: 'webchat' }],
  slots: {
    'connection.dialog.tabs': {
      component: EmbedTab,
      titleKey: 'webchat:embed.title',
      channels: ['webchat'],
      fields: ['embedOrigins'],
    },
  },
  locales: { en, es, 'pt-BR': ptBR, tr },
});
