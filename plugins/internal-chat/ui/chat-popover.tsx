import { useUiHost } from '@balcao/sdk/ui';
import { Button, H6, Menu, MenuItem, NonIdealState, PopoverNext, Tag } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router-dom';
import { unreadsOf } from '../shared/chat';
import { alertFor, chatInView } from './chat-state';
import { useChats } from './use-chats';
import './chats.css';

/** Chats the popover lists. */
const LATEST = 5;

/**
 * The top bar's internal chat button (spec part 1 §2): the unread count over all the member's chats (the server's,
 * not only the loaded page's), live on every instance, and the latest chats; a click opens one. A message of someone else alerts (the chime, and a desktop
 * notification) unless the user is looking at that chat.
 */
export function ChatPopover() {
  const { t } = useTranslation('internal-chat');
  const { user, notify } = useUiHost();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const viewing = useMatch('/chats/:chatId')?.params.chatId ?? null;
  const looking = useRef(viewing);
  looking.current = viewing;

  const { chats, unread } = useChats('', (frame) => {
    const alert = alertFor(frame, user.id, chatInView(looking.current, document.visibilityState));
    if (!alert) return;
    notify({
      title: t('notification', { sender: alert.message.sender?.name ?? '', chat: alert.chat.title }),
      body: alert.body,
      tag: `internal-chat-${alert.chat.id}`,
      onClick: () => navigate(`/chats/${alert.chat.uuid}`),
    });
  });
  const open = (path: string) => {
    setOpen(false);
    navigate(path);
  };

  const content = (
    <div className="internal-chat-popover" data-testid="chat-popover">
      <H6>{t('popover.title')}</H6>
      {chats.length === 0 ? (
        <NonIdealState icon="chat" iconSize={32} description={t('popover.empty')} />
      ) : (
        <Menu>
          {chats.slice(0, LATEST).map((chat) => {
            const count = unreadsOf(chat, user.id);
            return (
              <MenuItem
                key={chat.id}
                icon="chat"
                data-testid={`chat-popover-item-${chat.id}`}
                text={
                  <span className="internal-chat-popover__item">
                    <strong>{chat.title}</strong>
                    <span className="bp6-text-muted">{chat.lastMessage}</span>
                  </span>
                }
                labelElement={
                  count > 0 ? (
                    <Tag round intent="success" aria-label={t('unread', { count })}>
                      {count}
                    </Tag>
                  ) : undefined
                }
                onClick={() => open(`/chats/${chat.uuid}`)}
              />
            );
          })}
        </Menu>
      )}
      <Button
        variant="minimal"
        fill
        icon="arrow-right"
        text={t('popover.all')}
        onClick={() => open('/chats')}
      />
    </div>
  );

  return (
    <PopoverNext placement="bottom-end" isOpen={isOpen} onInteraction={setOpen} content={content}>
      <span className="internal-chat-button">
        <Button
          variant="minimal"
          icon="chat"
          aria-label={t('popover.button', { count: unread })}
          title={t('popover.title')}
          data-testid="chat-popover-button"
          data-unread={unread}
        />
        {unread > 0 && (
          <span className="internal-chat-button__badge" data-testid="chat-popover-unread" aria-hidden>
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
    </PopoverNext>
  );
}
