import { boundedString, hasNul, PG_INT_MAX } from '@balcao/sdk';
import { z } from 'zod';

// One contract for the server (validation, answers, frames) and the UI (forms, lists, live updates).

/** Longest chat title. The spec sets none; a title is a line in a list. */
export const CHAT_TITLE_MAX = 100;
/** Longest message: a long internal note fits, a pasted dump does not. */
export const CHAT_MESSAGE_MAX = 4_000;
/** Most members a chat may name at once (a company's whole team fits). */
export const CHAT_USERS_MAX = 500;
/** Chats and messages per page (`pageNumber` starts at 1). */
export const CHAT_PAGE_SIZE = 20;
/** The messages view loads older messages when scrolled under this many pixels from the top (spec part 2 §9). */
export const OLDER_MESSAGES_THRESHOLD_PX = 600;

/** A row id (user, chat), 'Invalid id' for anything but 1…PG_INT_MAX. */
const rowId = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .positive('Invalid id')
  .max(PG_INT_MAX, 'Invalid id');

/** A member as the legacy API sent it (`{ id, name }`) or simply the user's id. */
const memberRef = z.union([rowId, z.object({ id: rowId }).transform((u) => u.id)], {
  error: 'Invalid id',
});

/** A page number, 1 and up ('Invalid number' otherwise). */
const pageNumber = z.coerce
  .number({ error: 'Invalid number' })
  .int('Invalid number')
  .min(1, 'Invalid number')
  .max(PG_INT_MAX, 'Invalid number')
  .optional()
  .default(1);

/**
 * `POST /api/chats` and `PUT /api/chats/{id}`: a title and at least one member besides the owner (who is always
 * one). @example chatInputSchema.parse({ title: 'Vendas', users: [{ id: 2 }] })
 */
export const chatInputSchema = z.object({
  title: boundedString(1, CHAT_TITLE_MAX),
  users: z
    .array(memberRef, { error: 'Required' })
    .min(1, 'Required')
    .max(CHAT_USERS_MAX, 'Too Long!')
    .transform((ids) => [...new Set(ids)]),
});
export type ChatInput = z.input<typeof chatInputSchema>;

/** `POST /api/chats/{id}/messages`: text with the attendant formatting (`*bold*`, `_italic_`, `~strike~`, links). */
export const chatMessageInputSchema = z.object({
  message: z
    .string({ error: 'Required' })
    .refine((v) => v.trim().length > 0, 'Required')
    .refine((v) => v.length <= CHAT_MESSAGE_MAX, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character'),
});

/** `POST /api/chats/{id}/read`: the reader may name themself (the legacy body); nobody else. */
export const chatReadInputSchema = z.object({ userId: rowId.optional() });

/** `GET /api/chats`: the member's chats, newest activity first, searched by title. */
export const chatListQuery = z.object({
  searchParam: z
    .string()
    .trim()
    .max(CHAT_TITLE_MAX, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character')
    .optional()
    .default(''),
  pageNumber,
});

/** `GET /api/chats/{id}/messages`: newest page first. */
export const chatMessagesQuery = z.object({ pageNumber });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A chat named in a path: its uuid (the page's address) or its id. @example chatRefSchema.parse('12') */
export const chatRefSchema = z.union(
  [
    z
      .string()
      .regex(UUID)
      .transform((uuid) => ({ uuid: uuid.toLowerCase() })),
    rowId.transform((id) => ({ id })),
  ],
  { error: 'Invalid id' },
);
export type ChatRef = { uuid: string } | { id: number };

/** The `{id}` of `/api/chats/{id}…`. */
export const chatParams = z.object({ id: chatRefSchema });

/** A member of a chat as the API answers it (spec part 2 §3: userId, unreads, user id and name). */
export interface ChatMemberDto {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

/** A chat as its members see it. */
export interface ChatDto {
  id: number;
  uuid: string;
  title: string;
  /** Who created it: only they edit or delete it; null once their account is gone. */
  ownerId: number | null;
  lastMessage: string;
  updatedAt: string;
  users: ChatMemberDto[];
}

export interface ChatPageDto {
  records: ChatDto[];
  hasMore: boolean;
  /** What the viewer has not read over all their chats (the top bar's badge), whatever the page or search. */
  unread: number;
}

export interface ChatMessageDto {
  id: number;
  chatId: number;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  createdAt: string;
}

/** A page of messages, oldest first within the page; page 1 holds the newest. */
export interface ChatMessagePageDto {
  records: ChatMessageDto[];
  count: number;
  hasMore: boolean;
}

/** Realtime topic: frames go to `company-{id}-chat`, each to one member's sockets. */
export const CHAT_TOPIC = 'chat';

const id = z.number().int().positive();
const chatShape = z.looseObject({ id, uuid: z.string(), title: z.string(), users: z.array(z.unknown()) });
const messageShape = z.looseObject({ id, chatId: id, message: z.string() });
/** The recipient's unread total over all their chats once the frame's change is made. */
const unread = z.number().int().min(0).optional();

/**
 * `company-{id}-chat`, sent to each member only: `update` (created, renamed, members changed, read, a message), `delete`
 * (deleted, or the reader is no longer a member), `new-message` (with the chat as it now stands for them); each with the
 * recipient's `unread` total.
 */
export const CHAT_FRAME = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), chat: chatShape, unread }),
  z.object({ action: z.literal('delete'), chatId: id, unread }),
  z.object({ action: z.literal('new-message'), chat: chatShape, newMessage: messageShape, unread }),
]);
/** `unread`: the recipient's total over all their chats after the change (the server always sends it). */
export type ChatFrame = (
  | { action: 'update'; chat: ChatDto }
  | { action: 'delete'; chatId: number }
  | { action: 'new-message'; chat: ChatDto; newMessage: ChatMessageDto }
) & { unread?: number };

/** The frame if it is a chat frame, else null (the UI never trusts a frame's shape). */
export function readChatFrame(data: unknown): ChatFrame | null {
  const parsed = CHAT_FRAME.safeParse(data);
  return parsed.success ? (parsed.data as unknown as ChatFrame) : null;
}

/** What the member has not read in this chat. */
export const unreadsOf = (chat: ChatDto, userId: number): number =>
  chat.users.find((u) => u.userId === userId)?.unreads ?? 0;
