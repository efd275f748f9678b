import { Migration } from '@balcao/sdk/orm';

class Migration0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table campaigns (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        message1 text, message2 text, message3 text, message4 text, message5 text,
        confirmation_message1 text, confirmation_message2 text, confirmation_message3 text,
        confirmation_message4 text, confirmation_message5 text,
        status varchar(20) not null default 'INATIVA',
        confirmation boolean not null default false,
        scheduled_at timestamptz,
        completed_at timestamptz,
        contact_list_id int references contact_lists(id) on delete set null,
        tag_list_id int references tags(id) on delete set null,
        whatsapp_id varchar(200) not null,
        media_path varchar(500),
        media_name varchar(255),
        dispatch_run int not null default 0,
        start_job_id varchar(100),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index campaigns_company_id_id_index on campaigns (company_id, id desc);

      create table campaign_settings (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        key varchar(50) not null,
        value jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (company_id, key)
      );

      create table campaign_shippings (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        campaign_id int not null references campaigns(id) on delete cascade,
        contact_id int references contacts(id) on delete set null,
        contact_list_item_id int,
        number varchar(100) not null,
        name varchar(255) not null default '',
        email varchar(255),
        connection_id int,
        message text,
        confirmation_message text,
        message_id int,
        confirmation_message_id int,
        ack smallint not null default 0,
        claimed_until timestamptz,
        confirmation_requested_at timestamptz,
        confirmed_at timestamptz,
        delivered_at timestamptz,
        failed_at timestamptz,
        failure_reason varchar(255),
        opted_out_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      -- One row per (campaign, contact) for a tag's contacts, per (campaign, list item) for a list's.
      create unique index campaign_shippings_contact_unique on campaign_shippings (campaign_id, contact_id)
        where contact_list_item_id is null;
      create unique index campaign_shippings_item_unique on campaign_shippings (campaign_id, contact_list_item_id)
        where contact_list_item_id is not null;
      -- What the dispatch claims next.
      create index campaign_shippings_todo_index on campaign_shippings (campaign_id, id)
        where delivered_at is null and failed_at is null and opted_out_at is null;
      create index campaign_shippings_message_index on campaign_shippings (company_id, message_id);
      create index campaign_shippings_confirmation_index on campaign_shippings (company_id, confirmation_message_id);
      create index campaign_shippings_contact_index on campaign_shippings (company_id, contact_id)
        where confirmation_requested_at is not null and confirmed_at is null;

      -- Contacts who answered the stop word: no campaign messages them again.
      create table campaign_opt_outs (
        company_id int not null references companies(id) on delete cascade,
        contact_id int not null references contacts(id) on delete cascade,
        created_at timestamptz not null default now(),
        primary key (company_id, contact_id)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists campaign_opt_outs; drop table if exists campaign_shippings; drop table if exists campaign_settings; drop table if exists campaigns;',
    );
  }
}

/**
 * The send window, the per-connection daily cap and the single-flight dispatch (issue 26): the campaign's own choice,
 * the chain's lease, its designated next link and earliest next send, why it waits, and each connection's count of
 * campaign messages per company day.
 */
class Migration0002SendWindow extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table campaigns
        add column within_business_hours boolean not null default false,
        add column dispatch_lease_until timestamptz,
        add column dispatch_link int not null default 0,
        add column next_send_at timestamptz,
        add column paused_until timestamptz,
        add column pause_reason varchar(20);

      create table campaign_connection_days (
        company_id int not null references companies(id) on delete cascade,
        connection_id int not null,
        day date not null,
        sent int not null default 0,
        primary key (company_id, connection_id, day)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists campaign_connection_days;
      alter table campaigns drop column within_business_hours, drop column dispatch_lease_until,
        drop column dispatch_link, drop column next_send_at, drop column paused_until, drop column pause_reason;
    `);
  }
}

/** The campaign's media keeps its MIME type beside its path and name: dispatch sends it as an image, video, … */
class Migration0003MediaType extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table campaigns add column media_type varchar(100);');
  }

  override async down(): Promise<void> {
    this.addSql('alter table campaigns drop column if exists media_type;');
  }
}

/**
 * Recurrence (issue 26): how a campaign repeats and when it ends, the series' first date (occurrences step from it),
 * and the run a campaign is on. Shipping rows belong to a run: one row per (campaign, run, contact), so a contact is
 * messaged once per run. The rows before this migration are run 1.
 */
class Migration0004Recurrence extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table campaigns
        add column recurrence varchar(16) not null default 'none'
          check (recurrence in ('none', 'daily', 'weekly', 'monthly')),
        add column recurrence_weekdays jsonb not null default '[]',
        add column recurrence_end_at timestamptz,
        add column recurrence_runs int check (recurrence_runs >= 1),
        add column series_start_at timestamptz,
        add column run_number int not null default 1;

      alter table campaign_shippings add column run_number int not null default 1;
      drop index campaign_shippings_contact_unique;
      drop index campaign_shippings_item_unique;
      create unique index campaign_shippings_contact_unique on campaign_shippings (campaign_id, run_number, contact_id)
        where contact_list_item_id is null;
      create unique index campaign_shippings_item_unique
        on campaign_shippings (campaign_id, run_number, contact_list_item_id) where contact_list_item_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      delete from campaign_shippings where run_number > 1;
      drop index campaign_shippings_contact_unique;
      drop index campaign_shippings_item_unique;
      create unique index campaign_shippings_contact_unique on campaign_shippings (campaign_id, contact_id)
        where contact_list_item_id is null;
      create unique index campaign_shippings_item_unique on campaign_shippings (campaign_id, contact_list_item_id)
        where contact_list_item_id is not null;
      alter table campaign_shippings drop column run_number;
      alter table campaigns drop column recurrence, drop column recurrence_weekdays, drop column recurrence_end_at,
        drop column recurrence_runs, drop column series_start_at, drop column run_number;
    `);
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [
  { name: '0001-tables', class: Migration0001Tables },
  { name: '0002-send-window', class: Migration0002SendWindow },
  { name: '0003-media-type', class: Migration0003MediaType },
  { name: '0004-recurrence', class: Migration0004Recurrence },
];
