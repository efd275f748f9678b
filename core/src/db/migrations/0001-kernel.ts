import { Migration } from '@mikro-orm/migrations';

/** Tenancy, plans, users, settings, auth sessions and the realtime overflow table. */
export class Migration0001Kernel extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table plans (
        id serial primary key,
        name varchar(50) not null,
        users int not null default 1,
        connections int not null default 1,
        queues int not null default 1,
        amount numeric(10,2) not null default 0,
        use_whatsapp boolean not null default false,
        use_facebook boolean not null default false,
        use_instagram boolean not null default false,
        use_campaigns boolean not null default false,
        use_schedules boolean not null default false,
        use_internal_chat boolean not null default false,
        use_external_api boolean not null default false,
        use_kanban boolean not null default false,
        use_open_ai boolean not null default false,
        use_integration boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index plans_name_unique on plans (lower(name));

      create table companies (
        id serial primary key,
        name varchar(50) not null,
        email varchar(255),
        phone varchar(30),
        document varchar(30),
        plan_id int not null references plans(id),
        status boolean not null default true,
        due_date date,
        recurrence varchar(20) not null default 'MENSAL',
        payment_method varchar(30),
        last_login timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index companies_name_unique on companies (lower(name));
      create index companies_plan_id_index on companies (plan_id);

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

      create table settings (
        key varchar(100) primary key,
        value text not null,
        updated_at timestamptz not null default now()
      );

      create table company_settings (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        key varchar(100) not null,
        value text not null,
        updated_at timestamptz not null default now()
      );
      create unique index company_settings_company_key_unique on company_settings (company_id, key);

      create table auth_sessions (
        id uuid primary key,
        company_id int not null references companies(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        token_hash varchar(64) not null,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        ip varchar(64),
        user_agent varchar(255),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index auth_sessions_user_id_index on auth_sessions (user_id) where revoked_at is null;

      create table realtime_overflow (
        id bigserial primary key,
        payload jsonb not null,
        created_at timestamptz not null default now()
      );
    `);
  }
}
