import { Migration } from '@balcao/sdk/orm';

class Migration0001Records extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table queue_integrations_records (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        type varchar(20) not null check (type in ('dialogflow', 'n8n', 'webhook', 'typebot')),
        name varchar(50) not null,
        project_name varchar(200),
        language varchar(10),
        url_n8n varchar(500),
        typebot_slug varchar(200),
        typebot_expires int not null default 1,
        typebot_delay_message int not null default 1000,
        typebot_keyword_finish varchar(100),
        typebot_keyword_restart varchar(100),
        typebot_unknown_message text,
        typebot_restart_message text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index queue_integrations_records_company_id_id_index
        on queue_integrations_records (company_id, id desc);
      create table queue_integrations_sessions (
        ticket_id int primary key references tickets(id) on delete cascade,
        company_id int not null references companies(id) on delete cascade,
        integration_id int not null references queue_integrations_records(id) on delete cascade,
        session_id varchar(200),
        started_at timestamptz not null default now(),
        choices jsonb
      );
      create index queue_integrations_sessions_company_id_index on queue_integrations_sessions (company_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists queue_integrations_sessions; drop table if exists queue_integrations_records;',
    );
  }
}

/** In order; names are stable keys in `plugin_migrations`: never rename or reorder them. */
export const migrations = [{ name: '0001-records', class: Migration0001Records }];
