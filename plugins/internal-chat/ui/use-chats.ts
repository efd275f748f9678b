import { useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_TOPIC, type ChatDto, type ChatFrame, type ChatPageDto, readChatFrame } from '../shared/chat';
import { applyChatFrame, mergeChats, unreadAfter } from './chat-state';

/**
 * The signed-in user's chats (`GET /api/chats`), kept live by their `company-{id}-chat` frames, and `unread`, what they
 * have not read over all their chats (the server's count: the answer's, then each frame's). `onFrame` hears every frame
 * after it is applied (the popover alerts on messages).
 */
export function useChats(search = '', onFrame?: (frame: ChatFrame) => void) {
  const { api } = useUiHost();
  const [chats, setChats] = useState<ChatDto[]>([]);
  const [page, setPage] = useState({ number: 0, hasMore: false });
  const [loading, setLoading] = useState(true);
  const [unread, setUnread] = useState(0);
  const latest = useRef(onFrame);
  latest.current = onFrame;

  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      try {
        const result = await api.get<ChatPageDto>('/chats', { searchParam: search, pageNumber });
        setChats((shown) => (pageNumber === 1 ? result.records : mergeChats(shown, result.records)));
        setPage({ number: pageNumber, hasMore: result.hasMore });
        setUnread((shown) => unreadAfter(shown, result));
      } catch {
        // Spec part 2 §8: chat errors are silently ignored; the list stays as it was.
      } finally {
        setLoading(false);
      }
    },
    [api, search],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  useCompanyChannel(CHAT_TOPIC, (data) => {
    const frame = readChatFrame(data);
    if (!frame) return;
    // A chat that no longer matches the search leaves the searched list.
    const hidden =
      frame.action !== 'delete' && search && !frame.chat.title.toLowerCase().includes(search.toLowerCase());
    setChats((shown) => applyChatFrame(shown, hidden ? { action: 'delete', chatId: frame.chat.id } : frame));
    setUnread((shown) => unreadAfter(shown, frame));
    latest.current?.(frame);
  });

  return {
    chats,
    unread,
    loading,
    hasMore: page.hasMore,
    loadMore: () => load(page.number + 1),
    reload: () => load(1),
  };
}
