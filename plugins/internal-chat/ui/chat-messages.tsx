import { useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { Button, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_MESSAGE_MAX,
  CHAT_TOPIC,
  type ChatDto,
  type ChatMessageDto,
  type ChatMessagePageDto,
  chatMessageInputSchema,
  OLDER_MESSAGES_THRESHOLD_PX,
  readChatFrame,
} from '../shared/chat';
import { mergeMessages } from './chat-state';
import { MessageText } from './message-text';

/** How close to the bottom still counts as "reading the latest": new messages then scroll into view. */
const BOTTOM_SLACK_PX = 80;

/**
 * The selected chat's messages: the newest page first, older pages when scrolled within 600 px of the top (spec part
 * 2 §9) without the view jumping, new messages live, and the composer (empty messages are not sent). Opening the chat,
 * and a message arriving while it is open and the tab visible, marks it read.
 */
export function ChatMessages({ chat }: { chat: ChatDto }) {
  const { t, i18n } = useTranslation('internal-chat');
  const { api, user } = useUiHost();
  const [messages, setMessages] = useState<ChatMessageDto[]>([]);
  const [page, setPage] = useState({ number: 0, hasMore: false });
  const [loading, setLoading] = useState(true);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance from the bottom to keep while older messages are put above (null: none being put). */
  const keepFromBottom = useRef<number | null>(null);
  const busy = useRef(false);
  const chatId = chat.id;

  const markRead = useCallback(() => {
    api.post(`/chats/${chatId}/read`, { userId: user.id }).catch(() => undefined);
  }, [api, chatId, user.id]);

  const load = useCallback(
    async (pageNumber: number) => {
      if (busy.current) return;
      busy.current = true;
      setLoading(true);
      const box = scroller.current;
      if (pageNumber > 1 && box) keepFromBottom.current = box.scrollHeight - box.scrollTop;
      try {
        const result = await api.get<ChatMessagePageDto>(`/chats/${chatId}/messages`, { pageNumber });
        setMessages((shown) => (pageNumber === 1 ? result.records : mergeMessages(shown, result.records)));
        setPage({ number: pageNumber, hasMore: result.hasMore });
      } catch {
        keepFromBottom.current = null;
      } finally {
        busy.current = false;
        setLoading(false);
      }
    },
    [api, chatId],
  );

  useEffect(() => {
    setMessages([]);
    setPage({ number: 0, hasMore: false });
    atBottom.current = true;
    void load(1);
    markRead();
  }, [load, markRead]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  const loadOlderIfNear = useCallback(() => {
    const box = scroller.current;
    if (box && page.hasMore && !busy.current && box.scrollTop < OLDER_MESSAGES_THRESHOLD_PX)
      void load(page.number + 1);
  }, [load, page]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the messages shown, to place the view.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (keepFromBottom.current !== null) {
      box.scrollTop = box.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (atBottom.current) {
      box.scrollTop = box.scrollHeight;
    }
    loadOlderIfNear();
  }, [messages, loadOlderIfNear]);

  useCompanyChannel(CHAT_TOPIC, (data) => {
    const frame = readChatFrame(data);
    if (frame?.action !== 'new-message' || frame.newMessage.chatId !== chatId) return;
    setMessages((shown) => mergeMessages(shown, [frame.newMessage]));
    if (frame.newMessage.senderId !== user.id && document.visibilityState === 'visible') markRead();
  });

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!chatMessageInputSchema.safeParse({ message: text }).success || sending) return;
    setSending(true);
    try {
      const sent = await api.post<ChatMessageDto>(`/chats/${chatId}/messages`, { message: text });
      atBottom.current = true;
      setMessages((shown) => mergeMessages(shown, [sent]));
      setText('');
    } catch {
      // Spec part 2 §8: chat errors are silently ignored; the text stays to be sent again.
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="internal-chat__conversation" data-testid="chat-messages" data-chat={chat.uuid}>
      <header className="internal-chat__conversation-header">
        <strong>{chat.title}</strong>
        <small className="bp6-text-muted">{chat.users.map((u) => u.user.name).join(', ')}</small>
      </header>
      <div
        className="internal-chat__scroller"
        ref={scroller}
        data-testid="chat-scroller"
        onScroll={() => {
          const box = scroller.current;
          if (!box) return;
          atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < BOTTOM_SLACK_PX;
          loadOlderIfNear();
        }}
      >
        {loading && page.number > 0 && (
          <div className="internal-chat__older" role="status">
            <Spinner size={16} /> {t('messages.loadingOlder')}
          </div>
        )}
        {messages.length === 0 && !loading && <NonIdealState icon="chat" description={t('messages.empty')} />}
        {messages.length === 0 && loading && <Spinner size={24} />}
        <ol className="internal-chat__messages">
          {messages.map((m) => {
            const mine = m.senderId === user.id;
            return (
              <li
                key={m.id}
                className={`internal-chat__message${mine ? ' internal-chat__message--mine' : ''}`}
                data-testid="chat-message"
              >
                <span className="internal-chat__sender">
                  {mine ? t('messages.you') : (m.sender?.name ?? '—')}
                </span>
                <MessageText text={m.message} />
                <time className="internal-chat__time" dateTime={m.createdAt}>
                  {time.format(new Date(m.createdAt))}
                </time>
              </li>
            );
          })}
        </ol>
      </div>
      <form className="internal-chat__composer" onSubmit={send}>
        <TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_MESSAGE_MAX}
          placeholder={t('messages.placeholder')}
          aria-label={t('messages.placeholder')}
          autoResize
          fill
          data-testid="chat-input"
        />
        <Button
          type="submit"
          intent="primary"
          icon="send-message"
          aria-label={t('messages.send')}
          title={t('messages.send')}
          loading={sending}
          disabled={!text.trim()}
          data-testid="chat-send"
        />
      </form>
    </div>
  );
}
