import { describe, expect, it } from 'vitest';
import type { ChatDto, ChatMessageDto } from '../shared/chat';
import {
  alertFor,
  applyChatFrame,
  chatInView,
  mergeChats,
  mergeMessages,
  ownsChat,
  unreadAfter,
} from './chat-state';

const chat = (id: number, updatedAt: string, unreads: Record<number, number> = {}): ChatDto => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  title: `Chat ${id}`,
  ownerId: 1,
  lastMessage: '',
  updatedAt,
  users: Object.entries(unreads).map(([userId, n]) => ({
    userId: Number(userId),
    unreads: n,
    user: { id: Number(userId), name: `U${userId}` },
  })),
});
const message = (id: number, senderId: number, text = `m${id}`): ChatMessageDto => ({
  id,
  chatId: 1,
  senderId,
  sender: { id: senderId, name: `U${senderId}` },
  message: text,
  createdAt: '2026-11-29T08:00:00.000Z',
});

describe('the chat list kept live', () => {
  const a = chat(1, '2026-11-29T08:00:00.000Z');
  const b = chat(2, '2026-11-29T09:00:00.000Z');

  it('puts an updated chat first by activity, once, and takes a deleted one out', () => {
    const moved = chat(1, '2026-11-29T10:00:00.000Z', { 5: 1 });
    expect(applyChatFrame([b, a], { action: 'new-message', chat: moved, newMessage: message(9, 2) })).toEqual(
      [moved, b],
    );
    expect(applyChatFrame([b, a], { action: 'delete', chatId: 2 })).toEqual([a]);
    expect(applyChatFrame([], { action: 'update', chat: a })).toEqual([a]);
  });

  it('adds a loaded page without replacing a chat a frame already freshened', () => {
    const fresher = { ...a, title: 'Renamed' };
    expect(mergeChats([fresher], [b, a])).toEqual([b, fresher]);
  });

  it('merges messages by id, oldest first', () => {
    expect(
      mergeMessages([message(3, 1), message(4, 1)], [message(1, 2), message(3, 1)]).map((m) => m.id),
    ).toEqual([1, 3, 4]);
  });

  it("takes the server's unread total from an answer or a frame, keeping the shown one otherwise", () => {
    expect(unreadAfter(3, { records: [], hasMore: true, unread: 41 })).toBe(41);
    expect(unreadAfter(41, { action: 'delete', chatId: 2, unread: 0 })).toBe(0);
    expect(unreadAfter(7, { action: 'update', chat: a })).toBe(7);
    expect(unreadAfter(7, { action: 'delete', chatId: 2, unread: -1 })).toBe(7);
  });

  it('knows the owner', () => {
    expect(ownsChat(a, 1)).toBe(true);
    expect(ownsChat(a, 2)).toBe(false);
  });
});

describe('alertFor', () => {
  const c = chat(1, '2026-11-29T08:00:00.000Z');
  const frame = (senderId: number, text?: string) =>
    ({ action: 'new-message', chat: c, newMessage: message(7, senderId, text) }) as const;

  it("alerts for someone else's message unless the user looks at that chat", () => {
    expect(alertFor(frame(2), 1, null)?.body).toBe('m7');
    expect(alertFor(frame(2), 1, 'another-chat')).not.toBeNull();
    expect(alertFor(frame(2), 1, c.uuid)).toBeNull();
    expect(alertFor(frame(1), 1, null)).toBeNull();
    expect(alertFor({ action: 'update', chat: c }, 1, null)).toBeNull();
  });

  it('alerts for the open chat too when the tab is hidden', () => {
    expect(alertFor(frame(2), 1, chatInView(c.uuid, 'visible'))).toBeNull();
    expect(alertFor(frame(2), 1, chatInView(c.uuid, 'hidden'))?.chat.id).toBe(c.id);
    expect(alertFor(frame(1), 1, chatInView(c.uuid, 'hidden'))).toBeNull();
  });

  it('shows the text without its formatting markers, shortened', () => {
    expect(alertFor(frame(2, '*Bom dia*, _equipe_'), 1, null)?.body).toBe('Bom dia, equipe');
    expect(alertFor(frame(2, 'x'.repeat(500)), 1, null)?.body).toHaveLength(120);
  });
});
