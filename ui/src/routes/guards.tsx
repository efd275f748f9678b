import { isSubscriptionExpired } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../pages/full-page-spinner';
import { bootstrapPlugins } from '../plugins/plugin-host';
import { pluginsAtom } from '../plugins/plugin-store';
import { sessionStatusAtom, userAtom } from '../session/session-store';
import { AppLayout, prefetchSignedInPages } from './lazy-pages';

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
  // The layout stays on screen while a page's chunk loads: only the page area shows the spinner.
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppLayout>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </AppLayout>
    </Suspense>
  );
}

/**
 * Public routes (/login, /signup, /recovery-password): a user already signed in when opening one goes to `/` (spec part
 * 1 §2; the dashboard, which sends non-admins on to /tickets). One who signs in here goes to /tickets, the landing after
 * login (spec part 1 §3), which the login page navigates to itself: `/` must not race with it.
 */
export function PublicOnly() {
  const status = useAtomValue(sessionStatusAtom);
  const user = useAtomValue(userAtom);
  const signedInOnArrival = useRef<boolean | null>(null);
  // While someone types their password, the pages they land on arrive in the background.
  useEffect(prefetchSignedInPages, []);
  if (status === 'restoring') return <FullPageSpinner />;
  signedInOnArrival.current ??= user !== null;
  if (user) return <Navigate to={signedInOnArrival.current ? '/' : '/tickets'} replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** Pages reachable signed in or out: wait for the session to settle first. */
export function AnyVisitor() {
  const status = useAtomValue(sessionStatusAtom);
  if (status === 'restoring') return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
