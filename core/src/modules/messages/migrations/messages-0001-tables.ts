import { Migration } from '@mikro-orm/migrations';

/**
 * Messages: one per channel id and connection (a unique index makes ingest idempotent).
 * Part of core-0002-attendance, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationMessages0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create extension if not exists pg_trgm;

      create table messages (
        id bigserial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null references tickets(id) on delete cascade,
        contact_id int references contacts(id) on delete set null,
        whatsapp_id int references whatsapps(id) on delete set null,
        queue_id int references queues(id) on delete set null,
        user_id int references users(id) on delete set null,
        external_id varchar(255),
        body text not null default '',
        from_me boolean not null default false,
        read boolean not null default false,
        ack int not null default 0,
        media_type varchar(30) not null default 'chat',
        media_url text,
        quoted_msg_id bigint references messages(id) on delete set null,
        participant varchar(100),
        is_deleted boolean not null default false,
        is_edited boolean not null default false,
        is_forwarded boolean not null default false,
        is_private boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index messages_whatsapp_external_unique on messages (whatsapp_id, external_id) where external_id is not null;
      create index messages_ticket_created_index on messages (ticket_id, created_at desc, id desc);
      create index messages_body_trgm on messages using gin (body gin_trgm_ops);
    `);
  }
}
