import { Button, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EmptyPopover } from './empty-popover';

/** Announcements popover (spec part 1 §2); the list arrives with the announcements issue. */
export function AnnouncementsButton() {
  const { t } = useTranslation();
  return (
    <PopoverNext
      placement="bottom-end"
      content={<EmptyPopover title={t('announcements.title')} text={t('announcements.empty')} />}
    >
      <Button
        variant="minimal"
        icon="info-sign"
        aria-label={t('announcements.title')}
        title={t('announcements.title')}
        data-testid="announcements-button"
      />
    </PopoverNext>
  );
}
