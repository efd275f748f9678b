import { useUiHost } from '@balcao/sdk/ui';
import { Button, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { type ChatDto, unreadsOf } from '../shared/chat';
import { ownsChat } from './chat-state';

interface Props {
  chats: ChatDto[];
  loading: boolean;
  hasMore: boolean;
  selectedUuid: string | undefined;
  search: string;
  onSearch(text: string): void;
  onSelect(chat: ChatDto): void;
  onEdit(chat: ChatDto): void;
  onDelete(chat: ChatDto): void;
  onLoadMore(): void;
}

/** The member's chats, newest activity first, with their unread count; edit and delete for the owner only. */
export function ChatList(props: Props) {
  const { t } = useTranslation('internal-chat');
  const { user } = useUiHost();
  const { chats, loading } = props;
  return (
    <div className="internal-chat__list" data-testid="chat-list">
      <InputGroup
        leftIcon="search"
        placeholder={t('search')}
        aria-label={t('search')}
        value={props.search}
        onValueChange={props.onSearch}
        className="internal-chat__search"
      />
      {chats.length === 0 && !loading ? (
        <NonIdealState icon="chat" title={t('empty')} description={t('emptyHint')} />
      ) : (
        <ul className="internal-chat__chats">
          {chats.map((chat) => {
            const unreads = unreadsOf(chat, user.id);
            const selected = chat.uuid === props.selectedUuid;
            return (
              <li
                key={chat.id}
                className={`internal-chat__chat${selected ? ' internal-chat__chat--selected' : ''}`}
                data-testid={`chat-item-${chat.id}`}
                data-unreads={unreads}
              >
                <button
                  type="button"
                  className="internal-chat__chat-open"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => props.onSelect(chat)}
                >
                  <span className="internal-chat__chat-title">{chat.title}</span>
                  <span className="internal-chat__chat-last">{chat.lastMessage}</span>
                  <small className="bp6-text-muted">{t('members', { count: chat.users.length })}</small>
                </button>
                {unreads > 0 && (
                  <Tag
                    round
                    intent="success"
                    aria-label={t('unread', { count: unreads })}
                    data-testid="chat-unreads"
                  >
                    {unreads}
                  </Tag>
                )}
                {ownsChat(chat, user.id) && (
                  <span className="internal-chat__chat-actions">
                    <Button
                      variant="minimal"
                      size="small"
                      icon="edit"
                      aria-label={t('edit')}
                      title={t('edit')}
                      data-testid="chat-edit"
                      onClick={() => props.onEdit(chat)}
                    />
                    <Button
                      variant="minimal"
                      size="small"
                      icon="trash"
                      intent="danger"
                      aria-label={t('delete')}
                      title={t('delete')}
                      data-testid="chat-delete"
                      onClick={() => props.onDelete(chat)}
                    />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {loading && <Spinner size={20} />}
      {props.hasMore && !loading && (
        <Button variant="minimal" fill text={t('loadMore')} onClick={props.onLoadMore} />
      )}
    </div>
  );
}
