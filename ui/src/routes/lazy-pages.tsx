import { type ComponentType, lazy } from 'react';

// Every page but the login form loads on demand: the first load of /login carries the shell and the form only
// (issue 30: initial JavaScript < 250 KB gzipped). Each page is its own chunk, fetched the first time it is opened.

type Module<K extends string> = Record<K, ComponentType>;

/** A named export of a page module, loaded on first render. @example const Tags = page(() => import('../pages/tags-page'), 'TagsPage') */
function page<K extends string>(load: () => Promise<Module<K>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const AppLayout = lazy(async () => ({ default: (await import('../layout/app-layout')).AppLayout }));
export const DashboardPage = page(() => import('../pages/dashboard-page'), 'DashboardPage');
export const TicketsPage = page(() => import('../pages/tickets-page'), 'TicketsPage');
export const MomentsPage = page(() => import('../pages/moments-page'), 'MomentsPage');
export const ContactsPage = page(() => import('../pages/contacts-page'), 'ContactsPage');
export const TagsPage = page(() => import('../pages/tags-page'), 'TagsPage');
export const AnnouncementsPage = page(() => import('../pages/announcements-page'), 'AnnouncementsPage');
export const ConnectionsPage = page(() => import('../pages/connections-page'), 'ConnectionsPage');
export const UsersPage = page(() => import('../pages/users-page'), 'UsersPage');
export const QueuesPage = page(() => import('../pages/queues-page'), 'QueuesPage');
export const SettingsPage = page(() => import('../pages/settings-page'), 'SettingsPage');
export const CompaniesPage = page(() => import('../pages/companies-page'), 'CompaniesPage');
export const HelpsPage = page(() => import('../pages/helps-page'), 'HelpsPage');
export const SignupPage = page(() => import('../pages/signup-page'), 'SignupPage');
export const RecoveryPasswordPage = page(
  () => import('../pages/recovery-password-page'),
  'RecoveryPasswordPage',
);
export const FinanceiroPage = page(() => import('../pages/financeiro-page'), 'FinanceiroPage');

/**
 * Fetches what a signed-in user sees first (the layout and the tickets page) while the browser is idle, so the step
 * from the login form to /tickets does not wait for them.
 */
export function prefetchSignedInPages(): void {
  const load = () => {
    void import('../layout/app-layout');
    void import('../pages/tickets-page');
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 500);
}
