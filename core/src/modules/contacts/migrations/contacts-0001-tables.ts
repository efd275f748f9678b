import { Migration } from '@mikro-orm/migrations';

/**
 * Contacts, their custom fields and their tags (trigram indexes for the search).
 * Part of core-0002-attendance, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationContacts0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create extension if not exists pg_trgm;

      create table contacts (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(100) not null,
        number varchar(100) not null,
        email varchar(255),
        channel varchar(20) not null default 'whatsapp',
        is_group boolean not null default false,
        url_picture text,
        active boolean not null default true,
        disable_bot boolean not null default false,
        accept_audio_message boolean not null default true,
        lgpd_accepted_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index contacts_company_channel_number_unique on contacts (company_id, channel, number);
      create index contacts_company_name_index on contacts (company_id, name);
      create index contacts_name_trgm on contacts using gin (name gin_trgm_ops);
      create index contacts_number_trgm on contacts using gin (number gin_trgm_ops);

      create table contact_custom_fields (
        id serial primary key,
        contact_id int not null references contacts(id) on delete cascade,
        name varchar(100) not null,
        value text not null default ''
      );
      create index contact_custom_fields_contact_id_index on contact_custom_fields (contact_id);

      create table contact_tags (
        contact_id int not null references contacts(id) on delete cascade,
        tag_id int not null references tags(id) on delete cascade,
        primary key (contact_id, tag_id)
      );
      create index contact_tags_tag_id_index on contact_tags (tag_id);
    `);
  }
}
