import { Migration } from '@mikro-orm/migrations';

/**
 * Users of a company.
 * Part of core-0001-kernel, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationUsers0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        email varchar(255) not null,
        password_hash varchar(255) not null,
        profile varchar(20) not null default 'user',
        super boolean not null default false,
        profile_image varchar(255),
        start_work varchar(5) not null default '00:00',
        end_work varchar(5) not null default '23:59',
        farewell_message text,
        whatsapp_id int,
        all_ticket varchar(10) not null default 'disable',
        allow_group boolean not null default false,
        default_theme varchar(10) not null default 'light',
        default_menu varchar(10) not null default 'open',
        language varchar(10),
        online boolean not null default false,
        last_seen_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index users_email_unique on users (lower(email));
      create index users_company_id_name_index on users (company_id, name);
    `);
  }
}
