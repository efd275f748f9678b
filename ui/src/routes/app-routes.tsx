import { useAtomValue } from 'jotai';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../pages/login-page';
import { pluginPagesAtom } from '../plugins/plugin-store';
import { AnyVisitor, PublicOnly, RequireAuth } from './guards';
import {
  AnnouncementsPage,
  CompaniesPage,
  ConnectionsPage,
  ContactsPage,
  DashboardPage,
  FinanceiroPage,
  HelpsPage,
  MomentsPage,
  QueuesPage,
  RecoveryPasswordPage,
  SettingsPage,
  SignupPage,
  TagsPage,
  TicketsPage,
  UsersPage,
} from './lazy-pages';
import { PluginPageRoute } from './plugin-page-route';
import { UnknownRoute } from './unknown-route';

/** Route table: spec part 1 §2 and part 2 §2, as far as pages exist today. Pages but the login form load on demand. */
export function AppRoutes() {
  const pluginPages = useAtomValue(pluginPagesAtom);
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/recovery-password" element={<RecoveryPasswordPage />} />
      </Route>
      <Route element={<AnyVisitor />}>
        <Route path="/financeiro-aberto" element={<FinanceiroPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route index element={<DashboardPage />} />
        <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
        <Route path="/moments" element={<MomentsPage />} />
        <Route path="/contacts" element={<ContactsPage />} />
        <Route path="/tags" element={<TagsPage />} />
        <Route path="/announcements" element={<AnnouncementsPage />} />
        <Route path="/connections" element={<ConnectionsPage />} />
        <Route path="/users" element={<UsersPage />} />
        <Route path="/queues" element={<QueuesPage />} />
        <Route path="/settings/:tab?" element={<SettingsPage />} />
        <Route path="/companies" element={<CompaniesPage />} />
        <Route path="/helps" element={<HelpsPage />} />
        {pluginPages.map(({ plugin, page }) => (
          <Route
            key={`${plugin}:${page.path}`}
            path={page.path}
            element={<PluginPageRoute plugin={plugin} page={page} />}
          />
        ))}
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  );
}
