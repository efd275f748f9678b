import { useAtomValue } from 'jotai';
import { AnnouncementsScreen } from '../announcements/announcements-screen';
import { RedirectWithToast } from '../routes/redirect-with-toast';
import { requireUser, userAtom } from '../session/session-store';

/** /announcements — super users only (spec part 2 §6); others are sent away with a message. */
export function AnnouncementsPage() {
  const user = requireUser(useAtomValue(userAtom));
  if (!user.super) return <RedirectWithToast messageKey="plugins.noProfilePermission" />;
  return <AnnouncementsScreen />;
}
