import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { QuickMessagesPage } from './quick-messages-page';
import { QuickReplySuggestions } from './quick-reply-suggestions';

/** Quick replies: the /quick-messages page (the shell's menu already lists it) and the composer's '/' list. */
export default defineUiPlugin({
  name: 'quick-messages',
  pages: [{ path: '/quick-messages', component: QuickMessagesPage }],
  slots: { 'ticket.composer.suggestions': QuickReplySuggestions },
  locales: { en, es, 'pt-BR': ptBR, tr },
});
