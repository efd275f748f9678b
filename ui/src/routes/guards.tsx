import { isSubscriptionExpired } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { AppLayout } from '../layout/app-layout';
import { FullPageSpinner } from '../pages/full-page-spinner';
import { bootstrapPlugins } from '../plugins/plugin-host';
import { pluginsAtom } from '../plugins/plugin-store';
import { sessionStatusAtom, userAtom } from '../session/session-store';

/** Private routes: signed in, subscription active, tenant plugins loaded; rendered inside the app layout. */
export function RequireAuth() {
  const status = useAtomValue(sessionStatusAtom);
  const user = useAtomValue(userAtom);
  const plugins = useAtomValue(pluginsAtom);

  useEffect(() => {
    if (user && plugins.status === 'idle') void bootstrapPlugins();
  }, [user, plugins.status]);

  if (status === 'restoring') return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (isSubscriptionExpired(user.company, new Date())) {
    return <Navigate to="/financeiro-aberto" replace state={{ dueDate: user.company.dueDate }} />;
  }
  if (plugins.status !== 'ready') return <FullPageSpinner />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

/** Public routes (/login, /signup): a signed-in user goes to /tickets, the landing after login (spec part 1 §3). */
export function PublicOnly() {
  const status = useAtomValue(sessionStatusAtom);
  const user = useAtomValue(userAtom);
  if (status === 'restoring') return <FullPageSpinner />;
  // Not `/`: that is the admins' dashboard, and the login page's own navigation to /tickets must not race with it.
  if (user) return <Navigate to="/tickets" replace />;
  return <Outlet />;
}

/** Pages reachable signed in or out: wait for the session to settle first. */
export function AnyVisitor() {
  const status = useAtomValue(sessionStatusAtom);
  return status === 'restoring' ? <FullPageSpinner /> : <Outlet />;
}
