import { H3 } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { CompaniesTable } from '../companies/companies-table';
import { RedirectWithToast } from '../routes/redirect-with-toast';
import { requireUser, userAtom } from '../session/session-store';

/** /companies — super users only; anyone else is told and sent to / after 1 second (spec part 2 "Companies"). */
export function CompaniesPage() {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  if (!user.super) return <RedirectWithToast messageKey="plugins.noProfilePermission" />;
  return (
    <div className="list-screen" data-testid="companies-screen">
      <header className="page-header">
        <H3 className="page-header__title">{t('companies.title')}</H3>
      </header>
      <CompaniesTable />
    </div>
  );
}
