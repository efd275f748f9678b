import { Button, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EmptyPopover } from './empty-popover';

/** Bell with the unread tickets (spec part 1 §2); the list arrives with the ticket screen. */
export function NotificationsButton() {
  const { t } = useTranslation();
  return (
    <PopoverNext
      placement="bottom-end"
      content={<EmptyPopover title={t('notifications.title')} text={t('notifications.empty')} />}
    >
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={t('notifications.title')}
        title={t('notifications.title')}
        data-testid="notifications-button"
      />
    </PopoverNext>
  );
}
