import { Migration } from '@mikro-orm/migrations';

/**
 * Tickets, their tags and their logs. The partial unique index keeps one non-closed ticket per contact and
 * connection.
 * Part of core-0002-attendance, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationTickets0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table tickets (
        id serial primary key,
        uuid uuid not null default gen_random_uuid(),
        company_id int not null references companies(id) on delete cascade,
        status varchar(10) not null default 'pending',
        is_group boolean not null default false,
        is_bot boolean not null default false,
        channel varchar(20) not null default 'whatsapp',
        contact_id int not null references contacts(id) on delete cascade,
        whatsapp_id int references whatsapps(id) on delete set null,
        user_id int references users(id) on delete set null,
        queue_id int references queues(id) on delete set null,
        last_message text,
        unread_messages int not null default 0,
        use_integration boolean not null default false,
        integration_id int,
        prompt_id int,
        amount_used_bot_queues int not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index tickets_uuid_unique on tickets (uuid);
      create unique index tickets_one_open_per_contact
        on tickets (company_id, contact_id, coalesce(whatsapp_id, 0)) where status <> 'closed';
      create index tickets_company_status_updated_index on tickets (company_id, status, updated_at desc, id desc);
      create index tickets_company_queue_status_updated_index on tickets (company_id, queue_id, status, updated_at desc);
      create index tickets_company_user_status_updated_index on tickets (company_id, user_id, status, updated_at desc);
      create index tickets_contact_id_index on tickets (contact_id);

      create table ticket_tags (
        ticket_id int not null references tickets(id) on delete cascade,
        tag_id int not null references tags(id) on delete cascade,
        primary key (ticket_id, tag_id)
      );
      create index ticket_tags_tag_id_index on ticket_tags (tag_id);

      create table ticket_logs (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null references tickets(id) on delete cascade,
        user_id int references users(id) on delete set null,
        queue_id int references queues(id) on delete set null,
        type varchar(30) not null,
        created_at timestamptz not null default now()
      );
      create index ticket_logs_ticket_id_index on ticket_logs (ticket_id, created_at);
    `);
  }
}
