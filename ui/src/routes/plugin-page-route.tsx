import { planHas } from '@balcao/sdk';
import type { UiPage } from '@balcao/sdk/ui';
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { FullPageSpinner } from '../pages/full-page-spinner';
import { canAccessPage } from '../plugins/page-access';
import { PluginBoundary } from '../plugins/plugin-boundary';
import { requireUser, userAtom } from '../session/session-store';
import { RedirectWithToast } from './redirect-with-toast';

/** A plugin's page, behind its `profile: 'admin'` / `superOnly` declaration and its own plan flag. */
export function PluginPageRoute({ plugin, page }: { plugin: string; page: UiPage }) {
  const user = requireUser(useAtomValue(userAtom));
  if (page.planFlag && !planHas(user.company.plan, page.planFlag)) {
    return <RedirectWithToast messageKey="plugins.noPermission" />;
  }
  if (!canAccessPage(page, user)) return <RedirectWithToast messageKey="plugins.noProfilePermission" />;
  const Page = page.component;
  return (
    <PluginBoundary plugin={plugin}>
      <Suspense fallback={<FullPageSpinner />}>
        <Page />
      </Suspense>
    </PluginBoundary>
  );
}
