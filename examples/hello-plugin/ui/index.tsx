import { defineUiPlugin } from '@balcao/sdk/ui';
import { HelloBadge } from './hello-badge';
import { HelloPage } from './hello-page';
import { HelloSuggestions } from './hello-suggestions';
import { locales } from './locales';

/** Shown only to tenants for whom `GET /api/plugins` lists the `hello` server plugin. */
export default defineUiPlugin({
  name: 'hello',
  pages: [
    { path: '/hello', component: HelloPage, menu: { labelKey: 'hello:menu', icon: 'hand', section: 'main' } },
  ],
  slots: { 'topbar.items': HelloBadge, 'ticket.composer.suggestions': HelloSuggestions },
  locales,
});
