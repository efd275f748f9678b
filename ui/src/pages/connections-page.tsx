import { useAtomValue } from 'jotai';
import { ConnectionsScreen } from '../connections/connections-screen';
import { isAdmin } from '../plugins/page-access';
import { RedirectWithToast } from '../routes/redirect-with-toast';
import { requireUser, userAtom } from '../session/session-store';

/** /connections — the company's connections; admins only, as its menu entry (spec part 1 §2). */
export function ConnectionsPage() {
  const user = requireUser(useAtomValue(userAtom));
  if (!isAdmin(user)) return <RedirectWithToast messageKey="plugins.noProfilePermission" />;
  return <ConnectionsScreen />;
}
