import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { ChatPopover } from './chat-popover';
import { ChatsPage } from './chats-page';

/** Internal chat's UI: /chats and /chats/{uuid}, its menu entry, and the top bar's chat button. */
export default defineUiPlugin({
  name: 'internal-chat',
  pages: [
    {
      path: '/chats',
      component: ChatsPage,
      menu: { labelKey: 'internal-chat:menu', icon: 'chat', section: 'main' },
    },
    { path: '/chats/:chatId', component: ChatsPage },
  ],
  slots: { 'topbar.items': ChatPopover },
  locales: { en, es, 'pt-BR': ptBR, tr },
});
