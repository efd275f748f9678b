import { useAtomValue } from 'jotai';
import { isAdmin } from '../plugins/page-access';
import { RedirectWithToast } from '../routes/redirect-with-toast';
import { requireUser, userAtom } from '../session/session-store';
import { UsersScreen } from '../users/users-screen';

/** /users — the company's users, for profile admin only; others are sent away with a message. */
export function UsersPage() {
  const user = requireUser(useAtomValue(userAtom));
  if (!isAdmin(user)) return <RedirectWithToast messageKey="plugins.noProfilePermission" />;
  return <UsersScreen />;
}
