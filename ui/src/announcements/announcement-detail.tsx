import type { AnnouncementDto } from '@balcao/sdk';
import { Button, Dialog, DialogBody, DialogFooter, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../tickets/shared/format';
import { AnnouncementImage } from './announcement-image';
import { PRIORITY_INTENT } from './announcements-live';

/** The announcement detail dialog (spec part 1 §2 dialogs): title, priority, date, text and image. */
export function AnnouncementDetail({
  announcement,
  onClose,
}: {
  announcement: AnnouncementDto;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={announcement.title}
      icon="info-sign"
      className="announcement-detail"
    >
      <DialogBody>
        <p className="announcement-detail__meta">
          <Tag
            round
            intent={PRIORITY_INTENT[announcement.priority]}
            data-testid="announcement-detail-priority"
          >
            {t(`announcementsPage.priorities.${announcement.priority}`)}
          </Tag>
          <span className="bp6-text-muted">{formatDateTime(announcement.createdAt)}</span>
        </p>
        <p className="announcement-detail__text" data-testid="announcement-detail-text">
          {announcement.text}
        </p>
        {announcement.mediaPath && (
          <AnnouncementImage id={announcement.id} version={announcement.mediaPath} alt={announcement.title} />
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('announcementsPage.close')} onClick={onClose} />} />
    </Dialog>
  );
}
