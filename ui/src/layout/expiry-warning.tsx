import { isExpiringSoon } from '@balcao/sdk';
import { Callout } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../session/session-store';
import { formatDueDate } from '../session/subscription';

/** Spec part 1 §4: a warning while fewer than 5 days remain (company 1 never expires). */
export function ExpiryWarning() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  if (!user || !isExpiringSoon(user.company, new Date())) return null;
  return (
    <Callout intent="warning" icon="time" className="expiry-warning" data-testid="expiry-warning">
      {t('subscription.expiresSoon', { date: formatDueDate(user.company.dueDate) })}
    </Callout>
  );
}
