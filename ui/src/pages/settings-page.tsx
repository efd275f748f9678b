import { useAtomValue } from 'jotai';
import { isAdmin } from '../plugins/page-access';
import { RedirectWithToast } from '../routes/redirect-with-toast';
import { requireUser, userAtom } from '../session/session-store';
import { SettingsScreen } from '../settings/settings-screen';

/** /settings — company settings, for profile admin only; others are sent away with a message. */
export function SettingsPage() {
  const user = requireUser(useAtomValue(userAtom));
  if (!isAdmin(user)) return <RedirectWithToast messageKey="plugins.noProfilePermission" />;
  return <SettingsScreen />;
}
