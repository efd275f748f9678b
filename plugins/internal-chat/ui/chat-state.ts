import { formatSegments } from '@balcao/sdk';
import type { ChatDto, ChatFrame, ChatMessageDto, ChatPageDto } from '../shared/chat';

// Pure rules of the lists the page and the popover keep: live frames applied to what is shown.

const byActivity = (a: ChatDto, b: ChatDto): number => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** The chats after a frame: an update or a message puts the chat in its place (newest activity first). */
export function applyChatFrame(chats: readonly ChatDto[], frame: ChatFrame): ChatDto[] {
  if (frame.action === 'delete') return chats.filter((c) => c.id !== frame.chatId);
  const rest = chats.filter((c) => c.id !== frame.chat.id);
  return [...rest, frame.chat].sort(byActivity);
}

/** Adds a page of loaded chats to those shown; a chat already shown (moved by a live frame) keeps its fresher copy. */
export function mergeChats(shown: readonly ChatDto[], page: readonly ChatDto[]): ChatDto[] {
  const known = new Set(shown.map((c) => c.id));
  return [...shown, ...page.filter((c) => !known.has(c.id))].sort(byActivity);
}

/** Messages by id, oldest first, each once (a page may repeat one a live frame already brought). */
export function mergeMessages(
  shown: readonly ChatMessageDto[],
  more: readonly ChatMessageDto[],
): ChatMessageDto[] {
  const byId = new Map(shown.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The badge's count after a list answer or a frame: the server's total over all the member's chats when it carries one
 * (the list shows only some of them), else the count already shown.
 */
export const unreadAfter = (shown: number, from: ChatPageDto | ChatFrame): number =>
  typeof from.unread === 'number' && Number.isInteger(from.unread) && from.unread >= 0 ? from.unread : shown;

/** Whether the viewer may edit or delete the chat (spec part 2 §6: the owner only). */
export const ownsChat = (chat: ChatDto, userId: number): boolean => chat.ownerId === userId;

/** Longest text of a desktop notification's body. */
export const ALERT_BODY_MAX = 120;

/**
 * The chat the user is looking at: the one whose page is open, while the tab is visible. A hidden tab (another tab in
 * front, the window minimised) looks at nothing, so its chat's messages alert too, as the ticket notifications do.
 */
export const chatInView = (openChat: string | null, visibility: DocumentVisibilityState): string | null =>
  visibility === 'visible' ? openChat : null;

/**
 * The alert a frame calls for, as the ticket notifications decide: a message of someone else, unless the user is
 * looking at that chat (its page open in a visible tab). Null: no alert.
 */
export function alertFor(
  frame: ChatFrame,
  userId: number,
  lookingAt: string | null,
): { chat: ChatDto; message: ChatMessageDto; body: string } | null {
  if (frame.action !== 'new-message' || frame.newMessage.senderId === userId) return null;
  if (lookingAt === frame.chat.uuid) return null;
  const plain = formatSegments(frame.newMessage.message)
    .map((s) => s.text)
    .join('');
  const body = plain.length > ALERT_BODY_MAX ? `${plain.slice(0, ALERT_BODY_MAX - 1)}…` : plain;
  return { chat: frame.chat, message: frame.newMessage, body };
}
