import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../pages/full-page-spinner';
import { NotFoundPage } from '../pages/not-found-page';
import { pluginsAtom } from '../plugins/plugin-store';
import { disabledCandidates, loadDisabledPlugins } from '../plugins/registry';
import { RedirectWithToast } from './redirect-with-toast';

type Verdict = 'checking' | 'plan-gated' | 'not-found';

/**
 * No route matched. If the path belongs to a plugin built into this UI but not enabled for the tenant, say the
 * company lacks permission (spec part 2 §6); otherwise it is a plain not-found.
 */
export function UnknownRoute() {
  const { pathname } = useLocation();
  const plugins = useAtomValue(pluginsAtom);
  const enabled = plugins.status === 'ready' ? plugins.enabled : [];
  const hasCandidates = disabledCandidates(enabled).length > 0;
  const [verdict, setVerdict] = useState<Verdict>(hasCandidates ? 'checking' : 'not-found');

  useEffect(() => {
    if (!hasCandidates) {
      setVerdict('not-found');
      return;
    }
    let alive = true;
    setVerdict('checking');
    void loadDisabledPlugins(enabled).then((defs) => {
      if (!alive) return;
      const gated = defs.some((def) =>
        (def.pages ?? []).some((page) => matchPath({ path: page.path, caseSensitive: false }, pathname)),
      );
      setVerdict(gated ? 'plan-gated' : 'not-found');
    });
    return () => {
      alive = false;
    };
  }, [enabled, hasCandidates, pathname]);

  if (verdict === 'checking') return <FullPageSpinner />;
  if (verdict === 'plan-gated') return <RedirectWithToast messageKey="plugins.noPermission" />;
  return <NotFoundPage />;
}
