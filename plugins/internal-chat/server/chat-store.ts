import type { CorePorts } from '@balcao/sdk';
import { CHAT_PAGE_SIZE, type ChatRef } from '../shared/chat.js';

// The plugin's own tables in SQL, every statement bound to the company of the request (raw SQL skips the tenant
// filter, so `company_id = ?` is in each one). Core's rows (users) are reached through the ports, never here.

export interface ChatRow {
  id: number;
  uuid: string;
  title: string;
  owner_id: number | null;
  last_message: string;
  updated_at: Date;
}

export interface MemberRow {
  chat_id: number;
  user_id: number;
  unreads: number;
}

export interface MessageRow {
  id: number;
  chat_id: number;
  sender_id: number | null;
  message: string;
  created_at: Date;
}

type Em = CorePorts['em'];

/** `%`, `_` and `\` in a search are text, not patterns. */
const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

export class ChatStore {
  constructor(
    private readonly em: Em,
    private readonly companyId: number,
  ) {}

  private run<T>(query: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params, 'all', this.em.getTransactionContext());
  }

  /** Runs `work` in one transaction, with a store bound to it. */
  transaction<T>(work: (store: ChatStore) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(new ChatStore(em as Em, this.companyId)));
  }

  async find(ref: ChatRef): Promise<ChatRow | null> {
    const [column, value] = 'uuid' in ref ? ['uuid', ref.uuid] : ['id', ref.id];
    const rows = await this.run<ChatRow>(
      `select id, uuid, title, owner_id, last_message, updated_at from internal_chat_chats
        where company_id = ? and ${column} = ?`,
      [this.companyId, value],
    );
    return rows[0] ?? null;
  }

  /** The chats `userId` is a member of, newest activity first, one page and whether more follow. */
  async listFor(
    userId: number,
    search: string,
    pageNumber: number,
  ): Promise<{ rows: ChatRow[]; hasMore: boolean }> {
    const rows = await this.run<ChatRow>(
      `select c.id, c.uuid, c.title, c.owner_id, c.last_message, c.updated_at
         from internal_chat_chats c
         join internal_chat_members m on m.chat_id = c.id and m.company_id = ? and m.user_id = ?
        where c.company_id = ? and c.title ilike ?
        order by c.updated_at desc, c.id desc
        limit ? offset ?`,
      [
        this.companyId,
        userId,
        this.companyId,
        likePattern(search),
        CHAT_PAGE_SIZE + 1,
        CHAT_PAGE_SIZE * (pageNumber - 1),
      ],
    );
    return { rows: rows.slice(0, CHAT_PAGE_SIZE), hasMore: rows.length > CHAT_PAGE_SIZE };
  }

  async members(chatIds: readonly number[]): Promise<MemberRow[]> {
    if (chatIds.length === 0) return [];
    return this.run<MemberRow>(
      `select chat_id, user_id, unreads from internal_chat_members
        where company_id = ? and chat_id in (${marks(chatIds.length)}) order by chat_id, user_id`,
      [this.companyId, ...chatIds],
    );
  }

  /**
   * What each of `userIds` has not read, over all their chats (not only a page of them), in one query on the members'
   * (company_id, user_id) index. A user with no chat counts 0.
   */
  async unreadTotals(userIds: readonly number[]): Promise<Map<number, number>> {
    const totals = new Map(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return totals;
    const rows = await this.run<{ user_id: number; total: string }>(
      `select user_id, sum(unreads) as total from internal_chat_members
        where company_id = ? and user_id in (${marks(userIds.length)}) group by user_id`,
      [this.companyId, ...userIds],
    );
    for (const row of rows) totals.set(row.user_id, Number(row.total));
    return totals;
  }

  async create(title: string, ownerId: number): Promise<ChatRow> {
    const [row] = await this.run<ChatRow>(
      `insert into internal_chat_chats (company_id, title, owner_id) values (?, ?, ?)
       returning id, uuid, title, owner_id, last_message, updated_at`,
      [this.companyId, title, ownerId],
    );
    return row;
  }

  async rename(chatId: number, title: string): Promise<void> {
    await this.run(
      `update internal_chat_chats set title = ?, updated_at = now() where company_id = ? and id = ?`,
      [title, this.companyId, chatId],
    );
  }

  /** Makes the members exactly `userIds`: those who stay keep their unread count, newcomers start at 0. */
  async setMembers(chatId: number, userIds: readonly number[]): Promise<void> {
    await this.run(
      `delete from internal_chat_members where company_id = ? and chat_id = ? and user_id not in (${marks(userIds.length)})`,
      [this.companyId, chatId, ...userIds],
    );
    await this.run(
      `insert into internal_chat_members (chat_id, company_id, user_id)
       select ?, ?, u from unnest(array[${marks(userIds.length)}]::int[]) u
       on conflict (chat_id, user_id) do nothing`,
      [chatId, this.companyId, ...userIds],
    );
  }

  async remove(chatId: number): Promise<void> {
    await this.run('delete from internal_chat_chats where company_id = ? and id = ?', [
      this.companyId,
      chatId,
    ]);
  }

  /**
   * Stores a message, makes it the chat's last and counts it unread for every other member, in one statement (one
   * snapshot: two senders at once each count for the other).
   */
  async addMessage(chatId: number, senderId: number, message: string): Promise<MessageRow> {
    const [row] = await this.run<MessageRow>(
      `with msg as (
         insert into internal_chat_messages (company_id, chat_id, sender_id, message) values (?, ?, ?, ?)
         returning id, chat_id, sender_id, message, created_at
       ), chat as (
         update internal_chat_chats set last_message = ?, updated_at = now() where company_id = ? and id = ?
       ), unread as (
         update internal_chat_members set unreads = unreads + 1 where company_id = ? and chat_id = ? and user_id <> ?
       )
       select * from msg`,
      [
        this.companyId,
        chatId,
        senderId,
        message,
        message,
        this.companyId,
        chatId,
        this.companyId,
        chatId,
        senderId,
      ],
    );
    return row;
  }

  async markRead(chatId: number, userId: number): Promise<void> {
    await this.run(
      'update internal_chat_members set unreads = 0 where company_id = ? and chat_id = ? and user_id = ?',
      [this.companyId, chatId, userId],
    );
  }

  /** One page of the chat's messages, newest page first, oldest first within it; with the chat's message count. */
  async messages(chatId: number, pageNumber: number): Promise<{ rows: MessageRow[]; count: number }> {
    const rows = await this.run<MessageRow & { total: string }>(
      `select id, chat_id, sender_id, message, created_at, count(*) over () as total
         from internal_chat_messages where company_id = ? and chat_id = ?
        order by id desc limit ? offset ?`,
      [this.companyId, chatId, CHAT_PAGE_SIZE, CHAT_PAGE_SIZE * (pageNumber - 1)],
    );
    const count = rows.length
      ? Number(rows[0].total)
      : Number(
          (
            await this.run<{ total: string }>(
              'select count(*) as total from internal_chat_messages where company_id = ? and chat_id = ?',
              [this.companyId, chatId],
            )
          )[0].total,
        );
    return { rows: rows.map(({ total: _, ...row }) => row).reverse(), count };
  }
}
