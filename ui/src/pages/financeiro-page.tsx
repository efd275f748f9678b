import { isSubscriptionExpired } from '@balcao/sdk';
import { Button, Classes } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isRecord } from '../api/api-error';
import { logout } from '../session/session-actions';
import { userAtom } from '../session/session-store';
import { formatDueDate } from '../session/subscription';
import { PublicShell } from './public-shell';

function dueDateFromState(state: unknown): string | null {
  return isRecord(state) && typeof state.dueDate === 'string' ? state.dueDate : null;
}

/**
 * /financeiro-aberto — where an expired subscription lands, signed in or not. A signed-in company whose subscription
 * is active (someone opened the address) is told so, with the way back, not that it expired.
 */
export function FinanceiroPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const user = useAtomValue(userAtom);
  const landed = dueDateFromState(state);
  const date = formatDueDate(landed ?? user?.company.dueDate);
  if (user && !landed && !isSubscriptionExpired(user.company))
    return (
      <PublicShell
        title={t('financeiro.activeTitle')}
        testId="financeiro-page"
        centered
        icon={{ name: 'tick-circle', intent: 'success' }}
      >
        <p data-testid="financeiro-message">
          {date ? t('financeiro.active', { date }) : t('financeiro.activeNoDate')}
        </p>
        <Link to="/tickets" className={`${Classes.BUTTON} ${Classes.FILL}`} data-testid="financeiro-back">
          <span className={Classes.BUTTON_TEXT}>{t('financeiro.backToApp')}</span>
        </Link>
      </PublicShell>
    );

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <PublicShell
      title={t('financeiro.title')}
      testId="financeiro-page"
      centered
      icon={{ name: 'credit-card', intent: 'danger' }}
    >
      <p data-testid="financeiro-message">
        {date ? t('financeiro.message', { date }) : t('financeiro.messageNoDate')}
      </p>
      <p className="financeiro-card__hint">{t('financeiro.support')}</p>
      {user ? (
        <Button fill icon="log-out" text={t('financeiro.logout')} onClick={() => void handleLogout()} />
      ) : (
        <Link to="/login" className={`${Classes.BUTTON} ${Classes.FILL}`} data-testid="financeiro-login-link">
          <span className={Classes.BUTTON_TEXT}>{t('financeiro.backToLogin')}</span>
        </Link>
      )}
    </PublicShell>
  );
}
