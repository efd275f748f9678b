import { Button, H6, Menu, MenuItem, NonIdealState, PopoverNext } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestNotificationPermission } from '../notifications/desktop-notification';
import { unlockSound } from '../notifications/notification-sound';
import { useNotifications } from '../notifications/use-notifications';
import { requireUser, userAtom } from '../session/session-store';
import { ContactAvatar } from '../tickets/shared/contact-avatar';
import { CONTACT_NAME_MAX, formatTicketTime, truncate } from '../tickets/shared/format';
import { LastMessagePreview } from '../tickets/shared/last-message-preview';

/** Bell with the tickets waiting for this user (spec part 1 §2 top bar, §4 live updates). */
export function NotificationsButton() {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const { tickets, loading, open } = useNotifications(user);
  const [isOpen, setOpen] = useState(false);
  const count = tickets.length;

  const content = (
    <div className="top-bar-popover notifications-popover" data-testid="notifications-popover">
      <H6 className="top-bar-popover__title">{t('notifications.title')}</H6>
      {count === 0 ? (
        <NonIdealState
          icon="inbox"
          iconSize={32}
          description={t('notifications.empty')}
          className="top-bar-popover__empty"
        />
      ) : (
        <Menu className="notifications-popover__list">
          {tickets.map((ticket) => (
            <MenuItem
              key={ticket.id}
              className="notification-item"
              data-testid={`notification-${ticket.id}`}
              icon={<ContactAvatar name={ticket.contact.name} url={ticket.contact.urlPicture} size={32} />}
              text={
                <span className="notification-item__text">
                  <span className="notification-item__name">
                    {truncate(ticket.contact.name, CONTACT_NAME_MAX)}
                  </span>
                  <span className="notification-item__last">
                    <LastMessagePreview text={ticket.lastMessage} />
                  </span>
                </span>
              }
              label={formatTicketTime(ticket.updatedAt)}
              onClick={() => {
                setOpen(false);
                open(ticket.uuid);
              }}
            />
          ))}
        </Menu>
      )}
    </div>
  );

  return (
    <PopoverNext
      placement="bottom-end"
      isOpen={isOpen}
      onInteraction={(next) => setOpen(next)}
      content={content}
    >
      <span className="notifications-button">
        <Button
          variant="minimal"
          icon="notifications"
          aria-label={t('notifications.button', { count })}
          title={t('notifications.title')}
          data-testid="notifications-button"
          data-count={count}
          aria-busy={loading}
          onClick={() => {
            requestNotificationPermission();
            unlockSound();
          }}
        />
        {count > 0 && (
          <span className="notifications-button__badge" data-testid="notifications-count" aria-hidden>
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </PopoverNext>
  );
}
