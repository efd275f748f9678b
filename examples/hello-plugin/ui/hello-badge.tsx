import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Top-bar shortcut to the greetings page. */
export function HelloBadge() {
  const { t } = useTranslation('hello');
  const navigate = useNavigate();
  return (
    <Button
      variant="minimal"
      icon="hand"
      aria-label={t('title')}
      title={t('title')}
      data-testid="hello-badge"
      onClick={() => navigate('/hello')}
    />
  );
}
