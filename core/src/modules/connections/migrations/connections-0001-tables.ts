import { Migration } from '@mikro-orm/migrations';

/**
 * Connections (the spec's "whatsapps", whatever their channel) and the queues each offers.
 * Part of core-0002-attendance, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationConnections0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table whatsapps (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        channel varchar(20) not null default 'whatsapp',
        status varchar(20) not null default 'DISCONNECTED',
        number varchar(50),
        qrcode text,
        retries int not null default 0,
        is_default boolean not null default false,
        token varchar(30) not null,
        greeting_message text,
        complation_message text,
        out_of_hours_message text,
        rating_message text,
        allow_group boolean not null default false,
        group_as_ticket varchar(10) not null default 'disabled',
        time_create_new_ticket int not null default 0,
        max_use_bot_queues int not null default 3,
        time_use_bot_queues int not null default 0,
        expires_ticket int not null default 0,
        when_expires_ticket varchar(1) not null default '0',
        expires_ticket_nps int not null default 0,
        max_use_bot_queues_nps int not null default 3,
        inactive_message text,
        time_inactive_message int not null default 0,
        expires_inactive_message text,
        time_send_queue int not null default 0,
        send_id_queue int,
        provider varchar(20) not null default 'beta',
        integration_id int,
        prompt_id int,
        settings jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index whatsapps_token_unique on whatsapps (token);
      create unique index whatsapps_company_name_unique on whatsapps (company_id, lower(name));
      create index whatsapps_company_id_index on whatsapps (company_id);

      create table whatsapp_queues (
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        queue_id int not null references queues(id) on delete cascade,
        primary key (whatsapp_id, queue_id)
      );
    `);
  }
}
