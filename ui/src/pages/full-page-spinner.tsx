import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import './pages.css';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="full-page-center" role="status" aria-label={t('app.loading')}>
      <Spinner intent="primary" size={40} />
    </div>
  );
}
