import { useAtomValue } from 'jotai';
import { isAdmin } from '../plugins/page-access';
import { QueuesScreen } from '../queues/queues-screen';
import { RedirectWithToast } from '../routes/redirect-with-toast';
import { requireUser, userAtom } from '../session/session-store';

/** /queues — the company's queues, for profile admin only; others are sent away with a message. */
export function QueuesPage() {
  const user = requireUser(useAtomValue(userAtom));
  if (!isAdmin(user)) return <RedirectWithToast messageKey="plugins.noProfilePermission" />;
  return <QueuesScreen />;
}
