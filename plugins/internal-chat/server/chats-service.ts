import { AppError, type CorePorts, companyChannel } from '@balcao/sdk';
import {
  CHAT_PAGE_SIZE,
  CHAT_TOPIC,
  type ChatDto,
  type ChatFrame,
  type ChatInput,
  type ChatMessageDto,
  type ChatMessagePageDto,
  type ChatPageDto,
  type ChatRef,
} from '../shared/chat.js';
import { type ChatRow, ChatStore, type MemberRow, type MessageRow } from './chat-store.js';
import { chatErrors } from './errors.js';

export type ChatDeps = Pick<CorePorts, 'em' | 'users' | 'realtime'>;

/** Who asks: the signed-in user of the request, in their company. */
export interface ChatViewer {
  companyId: number;
  userId: number;
}

type Names = Map<number, string>;

/**
 * The internal chat's rules for one signed-in user: they see and write only in chats they are a member of; the owner
 * (who created the chat, always a member) alone renames it, changes its members or deletes it. Every change is pushed
 * to each member's sockets only — a member taken out gets a `delete` and nothing more, on every instance.
 */
export class ChatsService {
  private readonly store: ChatStore;

  constructor(
    private readonly deps: ChatDeps,
    private readonly viewer: ChatViewer,
  ) {
    this.store = new ChatStore(deps.em, viewer.companyId);
  }

  async list(search: string, pageNumber: number): Promise<ChatPageDto> {
    const { userId } = this.viewer;
    const [{ rows, hasMore }, totals] = await Promise.all([
      this.store.listFor(userId, search, pageNumber),
      this.store.unreadTotals([userId]),
    ]);
    return { records: await this.present(rows), hasMore, unread: totals.get(userId) ?? 0 };
  }

  async show(ref: ChatRef): Promise<ChatDto> {
    const { chat, members } = await this.memberOf(ref);
    return this.toDto(chat, members, await this.names());
  }

  async create(input: ChatInput & { users: number[] }): Promise<ChatDto> {
    const names = await this.names();
    const userIds = this.membersOf(input.users, names);
    const chat = await this.store.transaction(async (store) => {
      const row = await store.create(input.title, this.viewer.userId);
      await store.setMembers(row.id, userIds);
      return row;
    });
    const dto = this.toDto(chat, await this.store.members([chat.id]), names);
    await this.tell(userIds, { action: 'update', chat: dto });
    return dto;
  }

  async update(ref: ChatRef, input: ChatInput & { users: number[] }): Promise<ChatDto> {
    const { chat, members } = await this.ownedBy(ref);
    const names = await this.names();
    const userIds = this.membersOf(input.users, names, chat.owner_id ?? this.viewer.userId);
    await this.store.transaction(async (store) => {
      await store.rename(chat.id, input.title);
      await store.setMembers(chat.id, userIds);
    });
    const updated = (await this.store.find({ id: chat.id })) ?? chat;
    const dto = this.toDto(updated, await this.store.members([chat.id]), names);
    const gone = members.map((m) => m.user_id).filter((id) => !userIds.includes(id));
    await Promise.all([
      this.tell(gone, { action: 'delete', chatId: chat.id }),
      this.tell(userIds, { action: 'update', chat: dto }),
    ]);
    return dto;
  }

  async remove(ref: ChatRef): Promise<void> {
    const { chat, members } = await this.ownedBy(ref);
    await this.store.remove(chat.id);
    await this.tell(
      members.map((m) => m.user_id),
      { action: 'delete', chatId: chat.id },
    );
  }

  async messages(ref: ChatRef, pageNumber: number): Promise<ChatMessagePageDto> {
    const { chat } = await this.memberOf(ref);
    const { rows, count } = await this.store.messages(chat.id, pageNumber);
    const names = await this.names();
    return {
      records: rows.map((row) => this.toMessageDto(row, names)),
      count,
      hasMore: count > pageNumber * CHAT_PAGE_SIZE,
    };
  }

  async send(ref: ChatRef, message: string): Promise<ChatMessageDto> {
    const { chat } = await this.memberOf(ref);
    const row = await this.store.addMessage(chat.id, this.viewer.userId, message);
    const names = await this.names();
    const newMessage = this.toMessageDto(row, names);
    const members = await this.store.members([chat.id]);
    const updated = (await this.store.find({ id: chat.id })) ?? chat;
    const dto = this.toDto(updated, members, names);
    await this.tell(
      members.map((m) => m.user_id),
      { action: 'new-message', chat: dto, newMessage },
    );
    return newMessage;
  }

  /** The reader's unread count of the chat goes to 0, on all their screens. */
  async read(ref: ChatRef, userId: number | undefined): Promise<ChatDto> {
    if (userId !== undefined && userId !== this.viewer.userId) throw new AppError('ERR_NO_PERMISSION', 403);
    const { chat } = await this.memberOf(ref);
    await this.store.markRead(chat.id, this.viewer.userId);
    const dto = this.toDto(chat, await this.store.members([chat.id]), await this.names());
    await this.tell([this.viewer.userId], { action: 'update', chat: dto });
    return dto;
  }

  /** The chat if the viewer is one of its members; not found otherwise (another company's, or not theirs). */
  private async memberOf(ref: ChatRef): Promise<{ chat: ChatRow; members: MemberRow[] }> {
    const chat = await this.store.find(ref);
    const members = chat ? await this.store.members([chat.id]) : [];
    if (!chat || !members.some((m) => m.user_id === this.viewer.userId))
      throw chatErrors.raise('ERR_CHAT_NOT_FOUND');
    return { chat, members };
  }

  private async ownedBy(ref: ChatRef): Promise<{ chat: ChatRow; members: MemberRow[] }> {
    const found = await this.memberOf(ref);
    if (found.chat.owner_id !== this.viewer.userId) throw chatErrors.raise('ERR_NOT_CHAT_OWNER');
    return found;
  }

  /** The chosen users plus the owner, each a user of the company ('Unknown user' otherwise). */
  private membersOf(chosen: readonly number[], names: Names, ownerId = this.viewer.userId): number[] {
    const unknown = chosen.findIndex((id) => !names.has(id));
    if (unknown >= 0) {
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: `users.${unknown}`, message: 'Unknown user' }],
      });
    }
    return [...new Set([ownerId, ...chosen])];
  }

  private async names(): Promise<Names> {
    return new Map((await this.deps.users.list()).map((u) => [u.id, u.name]));
  }

  private async present(rows: ChatRow[]): Promise<ChatDto[]> {
    if (rows.length === 0) return [];
    const [members, names] = await Promise.all([this.store.members(rows.map((r) => r.id)), this.names()]);
    return rows.map((row) =>
      this.toDto(
        row,
        members.filter((m) => m.chat_id === row.id),
        names,
      ),
    );
  }

  private toDto(row: ChatRow, members: MemberRow[], names: Names): ChatDto {
    return {
      id: row.id,
      uuid: row.uuid,
      title: row.title,
      ownerId: row.owner_id,
      lastMessage: row.last_message,
      updatedAt: new Date(row.updated_at).toISOString(),
      users: members.map((m) => ({
        userId: m.user_id,
        unreads: m.unreads,
        user: { id: m.user_id, name: names.get(m.user_id) ?? '' },
      })),
    };
  }

  private toMessageDto(row: MessageRow, names: Names): ChatMessageDto {
    const sender =
      row.sender_id === null ? null : { id: row.sender_id, name: names.get(row.sender_id) ?? '' };
    return {
      id: row.id,
      chatId: row.chat_id,
      senderId: row.sender_id,
      sender,
      message: row.message,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /**
   * Each user's sockets only, on every instance (the realtime port fans out through PostgreSQL); each frame carries its
   * recipient's unread total over all their chats, so the top bar's badge stays exact beyond the chats it loaded.
   */
  private async tell(userIds: readonly number[], frame: ChatFrame): Promise<void> {
    const { companyId } = this.viewer;
    const channel = companyChannel(companyId, CHAT_TOPIC);
    const totals = await this.store.unreadTotals(userIds);
    await Promise.all(
      userIds.map((userId) =>
        this.deps.realtime.publish({
          companyId,
          channel,
          userId,
          data: { ...frame, unread: totals.get(userId) ?? 0 },
        }),
      ),
    );
  }
}
