import { Migration } from '@balcao/sdk/orm';

class Migration0001OnCall extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table on_call_duties (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        phone varchar(30) not null,
        interval int not null default 1 check (interval between 1 and 24),
        days jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index on_call_duties_company_id_index on on_call_duties (company_id, id);
      create table on_call_notices (
        company_id int not null references companies(id) on delete cascade,
        duty_id int not null references on_call_duties(id) on delete cascade,
        ticket_id int not null references tickets(id) on delete cascade,
        notified_at timestamptz not null,
        primary key (duty_id, ticket_id)
      );
      create index on_call_notices_company_id_index on on_call_notices (company_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists on_call_notices; drop table if exists on_call_duties;');
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [{ name: '0001-on-call', class: Migration0001OnCall }];
