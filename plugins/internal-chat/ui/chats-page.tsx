import { DeleteConfirmation, useUiHost } from '@balcao/sdk/ui';
import { Button, H3, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { ChatDto } from '../shared/chat';
import { ChatDialog } from './chat-dialog';
import { ChatList } from './chat-list';
import { ChatMessages } from './chat-messages';
import { useChats } from './use-chats';
import { useDebounced, useIsNarrow } from './use-screen';
import './chats.css';

/** Spec part 2 §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * /chats and /chats/{uuid} (spec part 2 §2): the member's chats beside the selected chat's messages; on narrow screens
 * two tabs. New chat for everyone; edit and delete for the chat's owner.
 */
export function ChatsPage() {
  const { t } = useTranslation('internal-chat');
  const { api } = useUiHost();
  const { chatId } = useParams();
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const [search, setSearch] = useState('');
  const searched = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const selectedId = useRef<number | null>(null);
  // The open chat was deleted, or the viewer taken out of it: back to the list.
  const { chats, loading, hasMore, loadMore } = useChats(searched, (frame) => {
    if (frame.action === 'delete' && frame.chatId === selectedId.current)
      navigate('/chats', { replace: true });
  });
  const [editing, setEditing] = useState<ChatDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<ChatDto | null>(null);
  const [tab, setTab] = useState<'chats' | 'messages'>(chatId ? 'messages' : 'chats');
  /** The selected chat when it is not among those listed (a link to an older one, or outside the search). */
  const [opened, setOpened] = useState<ChatDto | null>(null);
  const listed = chats.find((c) => c.uuid === chatId);
  const selected = listed ?? (opened?.uuid === chatId ? opened : null);
  selectedId.current = selected?.id ?? null;

  useEffect(() => {
    if (!chatId || listed) return;
    let alive = true;
    api.get<ChatDto>(`/chats/${chatId}`).then(
      (chat) => alive && setOpened(chat),
      // Not a member (any more), or no such chat: back to the list.
      () => alive && navigate('/chats', { replace: true }),
    );
    return () => {
      alive = false;
    };
  }, [api, chatId, listed, navigate]);

  const select = (chat: ChatDto) => {
    setTab('messages');
    navigate(`/chats/${chat.uuid}`);
  };

  const remove = async () => {
    const chat = doomed;
    setDoomed(null);
    if (!chat) return;
    try {
      await api.delete(`/chats/${chat.id}`);
      if (chat.uuid === chatId) navigate('/chats');
    } catch {
      // Spec part 2 §8: chat errors are silently ignored.
    }
  };

  const list = (
    <ChatList
      chats={chats}
      loading={loading}
      hasMore={hasMore}
      selectedUuid={chatId}
      search={search}
      onSearch={setSearch}
      onSelect={select}
      onEdit={setEditing}
      onDelete={setDoomed}
      onLoadMore={loadMore}
    />
  );
  const conversation = selected ? (
    <ChatMessages key={selected.id} chat={selected} />
  ) : (
    <NonIdealState icon="chat" description={t('messages.none')} />
  );

  return (
    <div className="internal-chat" data-testid="chats-page">
      <header className="internal-chat__header">
        <H3>{t('title')}</H3>
        <Button
          intent="primary"
          icon="add"
          text={t('newChat')}
          onClick={() => setEditing('new')}
          data-testid="chat-new"
        />
      </header>
      {narrow ? (
        <Tabs
          id="internal-chat-tabs"
          selectedTabId={tab}
          onChange={(id) => setTab(id as 'chats' | 'messages')}
          className="internal-chat__tabs"
          renderActiveTabPanelOnly
        >
          <Tab id="chats" title={t('tabs.chats')} panel={list} data-testid="chat-tab-chats" />
          <Tab
            id="messages"
            title={t('tabs.messages')}
            panel={conversation}
            data-testid="chat-tab-messages"
          />
        </Tabs>
      ) : (
        <div className="internal-chat__panes">
          {list}
          {conversation}
        </div>
      )}
      {editing && (
        <ChatDialog
          chat={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(chat) => {
            setEditing(null);
            select(chat);
          }}
        />
      )}
      <DeleteConfirmation
        ns="internal-chat:chats"
        doomed={doomed ? { name: doomed.title } : null}
        onCancel={() => setDoomed(null)}
        onConfirm={remove}
      />
    </div>
  );
}
