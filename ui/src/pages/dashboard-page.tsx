import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { DashboardScreen } from '../dashboard/dashboard-screen';
import { isAdmin } from '../plugins/page-access';
import { requireUser, userAtom } from '../session/session-store';

/** `/` — the dashboard for admins (spec part 1 §2); everyone else starts at the tickets, as before. */
export function DashboardPage() {
  const user = requireUser(useAtomValue(userAtom));
  if (!isAdmin(user)) return <Navigate to="/tickets" replace />;
  return <DashboardScreen />;
}
