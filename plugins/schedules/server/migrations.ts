import { Migration } from '@balcao/sdk/orm';

class Migration0001Schedules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table schedules_schedules (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        contact_id int not null references contacts(id) on delete cascade,
        user_id int references users(id) on delete set null,
        body text not null,
        send_at timestamptz not null,
        starts_at timestamptz not null,
        status varchar(16) not null default 'pending'
          check (status in ('pending', 'sending', 'sent', 'error')),
        error text,
        sent_at timestamptz,
        recurrence varchar(16) not null default 'none'
          check (recurrence in ('none', 'daily', 'weekly', 'monthly')),
        recurrence_end timestamptz,
        sent_count int not null default 0,
        occurrence int not null default 0,
        claimed_at timestamptz,
        media_url text,
        media_type varchar(16),
        media_name text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index schedules_schedules_company_send_at_index on schedules_schedules (company_id, send_at);
      create index schedules_schedules_due_index on schedules_schedules (send_at) where status in ('pending', 'sending');
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists schedules_schedules;');
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [{ name: '0001-schedules', class: Migration0001Schedules }];
