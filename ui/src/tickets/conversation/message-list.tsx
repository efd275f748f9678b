import type { MessageDto } from '@balcao/sdk';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_OLDER_THRESHOLD_PX } from '../list/virtual-window';
import { formatDate } from '../shared/format';
import { MessageBubble } from './message-bubble';
import { currentReactions, withDaySeparators } from './message-rules';

interface Props {
  messages: MessageDto[];
  hasMore: boolean;
  loading: boolean;
  last: 'first' | 'older' | 'live';
  isGroup: boolean;
  /** The ticket's connection, where a group's participant is talked to privately. */
  whatsappId: number | null;
  loadOlder(): void;
  onReply(message: MessageDto): void;
  onDelete(message: MessageDto): void;
  onForward(message: MessageDto): void;
  /** The channel carries reactions and the ticket is writable. */
  canReact: boolean;
  onReact(message: MessageDto, emoji: string): void;
}

/** Stays pinned to the newest message while the reader is at the bottom. */
const STICK_PX = 120;

/** The conversation: day separators, older pages near the top (keeping the reader's place), newest at the bottom. */
export function MessageList({
  messages,
  hasMore,
  loading,
  last,
  isGroup,
  whatsappId,
  loadOlder,
  onReply,
  onDelete,
  onForward,
  canReact,
  onReact,
}: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const items = useMemo(() => withDaySeparators(messages), [messages]);
  const reacted = useMemo(() => currentReactions(messages), [messages]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || messages.length === 0) return;
    const saved = beforeOlder.current;
    if (last === 'older' && saved) {
      el.scrollTop = el.scrollHeight - saved.height + saved.top;
      beforeOlder.current = null;
    } else if (last === 'first' || atBottom.current || messages[messages.length - 1]?.fromMe) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages, last]);

  const handleScroll = () => {
    const el = ref.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasMore && !loading) {
      beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
      loadOlder();
    }
  };

  return (
    <div
      className="message-list"
      ref={ref}
      onScroll={handleScroll}
      data-testid="message-list"
      aria-busy={loading}
    >
      {loading && <Spinner size={20} className="message-list__spinner" />}
      {!loading && messages.length === 0 && (
        <NonIdealState
          icon="chat"
          description={t('tickets.messages.empty')}
          className="message-list__empty"
        />
      )}
      {items.map((item) =>
        item.kind === 'day' ? (
          <div key={item.key} className="message-day">
            <span>{formatDate(new Date(item.date))}</span>
          </div>
        ) : (
          <MessageBubble
            key={item.key}
            message={item.message}
            showAuthor={isGroup}
            whatsappId={whatsappId}
            onReply={onReply}
            onDelete={onDelete}
            onForward={onForward}
            canReact={canReact}
            onReact={onReact}
            reactions={reacted.get(item.message.id)}
          />
        ),
      )}
    </div>
  );
}
