import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** /tour — shown, with its menu entry, only while the tenant's plan has the tour's own flag `useTour`. */
export function TourPage() {
  const { t } = useTranslation('tour');
  return (
    <div data-testid="tour-page">
      <NonIdealState icon="map" title={t('title')} description={t('body')} />
    </div>
  );
}
