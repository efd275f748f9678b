import type { AnnouncementDto } from '@balcao/sdk';
import { Button, H6, NonIdealState, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementDetail } from '../announcements/announcement-detail';
import '../announcements/announcements.css';
import { useAnnouncements } from '../announcements/use-announcements';
import { formatDate } from '../tickets/shared/format';

/** Spec part 1 §3: the popover's priority colours, 1 red, 2 orange, 3 grey. */
const PRIORITY_COLOR = { 1: '#cd4246', 2: '#ec9a3c', 3: '#8f99a8' } as const;

/** Announcements popover (spec part 1 §2 top bar): the active ones, newest first; a click opens the detail. */
export function AnnouncementsButton() {
  const { t } = useTranslation();
  const { items, loading, unread, markSeen } = useAnnouncements();
  const [isOpen, setOpen] = useState(false);
  const [shown, setShown] = useState<AnnouncementDto | null>(null);

  const content = (
    <div className="top-bar-popover" data-testid="announcements-popover">
      <H6 className="top-bar-popover__title">{t('announcements.title')}</H6>
      {items.length === 0 ? (
        <NonIdealState
          icon="inbox"
          iconSize={32}
          description={t('announcements.empty')}
          className="top-bar-popover__empty"
        />
      ) : (
        <ul className="announcements-popover__list">
          {items.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="announcements-popover__item"
                style={{ '--announcement-color': PRIORITY_COLOR[a.priority] } as React.CSSProperties}
                title={t(`announcementsPage.priorities.${a.priority}`)}
                data-testid={`announcement-item-${a.id}`}
                data-priority={a.priority}
                onClick={() => {
                  setOpen(false);
                  setShown(a);
                }}
              >
                <strong>{a.title}</strong>
                <span>{a.text}</span>
                <small className="bp6-text-muted">{formatDate(new Date(a.createdAt))}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <>
      <PopoverNext
        placement="bottom-end"
        isOpen={isOpen}
        onInteraction={(next) => {
          setOpen(next);
          if (next && unread > 0) markSeen();
        }}
        content={content}
      >
        <span className="notifications-button">
          <Button
            variant="minimal"
            icon="info-sign"
            aria-label={t('announcements.button', { count: unread })}
            title={t('announcements.title')}
            data-testid="announcements-button"
            data-count={items.length}
            data-unread={unread}
            aria-busy={loading}
          />
          {unread > 0 && (
            <span className="notifications-button__badge" data-testid="announcements-unread" aria-hidden>
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
      </PopoverNext>
      {shown && <AnnouncementDetail announcement={shown} onClose={() => setShown(null)} />}
    </>
  );
}
