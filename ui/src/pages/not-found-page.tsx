import { Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './pages.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="full-page-center" data-testid="not-found-page">
      <NonIdealState
        icon="search"
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={
          <Link
            to="/tickets"
            className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
            data-testid="not-found-link"
          >
            <span className={Classes.BUTTON_TEXT}>{t('notFound.backToTickets')}</span>
          </Link>
        }
      />
    </div>
  );
}
