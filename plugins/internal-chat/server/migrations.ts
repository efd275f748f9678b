import { Migration } from '@balcao/sdk/orm';

/** Chats, their members (with what each has not read) and their messages; everything goes with the company. */
class Migration0001Chats extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table internal_chat_chats (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        uuid uuid not null unique default gen_random_uuid(),
        title text not null,
        owner_id int references users(id) on delete set null,
        last_message text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index internal_chat_chats_company_updated_index on internal_chat_chats (company_id, updated_at desc, id desc);
      create table internal_chat_members (
        chat_id int not null references internal_chat_chats(id) on delete cascade,
        company_id int not null references companies(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        unreads int not null default 0,
        primary key (chat_id, user_id)
      );
      create index internal_chat_members_user_index on internal_chat_members (company_id, user_id);
      create table internal_chat_messages (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        chat_id int not null references internal_chat_chats(id) on delete cascade,
        sender_id int references users(id) on delete set null,
        message text not null,
        created_at timestamptz not null default now()
      );
      create index internal_chat_messages_chat_index on internal_chat_messages (chat_id, id desc);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists internal_chat_messages;
      drop table if exists internal_chat_members;
      drop table if exists internal_chat_chats;
    `);
  }
}

/** In order; names are stable keys in `plugin_migrations`: never rename or reorder them. */
export const migrations = [{ name: '0001-chats', class: Migration0001Chats }];
