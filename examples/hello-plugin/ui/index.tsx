import { defineUiPlugin } from '@balcao/sdk/ui';
import { HelloBadge } from './hello-badge';
import { HelloPage } from './hello-page';
import { HelloContactSection, HelloPopover, HelloSettingsTab, HelloTicketAction } from './hello-slots';
import { HelloSuggestions } from './hello-suggestions';
import { locales } from './locales';

/** Shown only to tenants for whom `GET /api/plugins` lists the `hello` server plugin. */
export default defineUiPlugin({
  name: 'hello',
  pages: [
    { path: '/hello', component: HelloPage, menu: { labelKey: 'hello:menu', icon: 'hand', section: 'main' } },
  ],
  slots: {
    'topbar.items': HelloBadge,
    'topbar.popovers': { component: HelloPopover, titleKey: 'hello:popoverTitle', icon: 'comment' },
    'ticket.composer.suggestions': HelloSuggestions,
    'ticket.header.actions': HelloTicketAction,
    'contact.drawer.sections': HelloContactSection,
    'settings.tabs': { component: HelloSettingsTab, titleKey: 'hello:settingsTab', profile: 'admin' },
  },
  locales,
});
