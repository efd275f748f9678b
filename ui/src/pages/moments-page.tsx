import { useAtomValue } from 'jotai';
import { MomentsScreen } from '../moments/moments-screen';
import { isAdmin } from '../plugins/page-access';
import { RedirectWithToast } from '../routes/redirect-with-toast';
import { requireUser, userAtom } from '../session/session-store';

/** /moments — the real-time panel, for profile admin only (case-insensitive); others are sent away with a message. */
export function MomentsPage() {
  const user = requireUser(useAtomValue(userAtom));
  if (!isAdmin(user)) return <RedirectWithToast messageKey="plugins.noProfilePermission" />;
  return <MomentsScreen />;
}
