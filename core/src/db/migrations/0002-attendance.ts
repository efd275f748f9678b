import { Migration } from '@mikro-orm/migrations';

/**
 * The attendance model: connections, queues, tags, contacts, tickets, messages, notes and logs.
 * The database, not luck, guarantees the invariants: one non-closed ticket per contact and connection
 * (partial unique index), and one message per channel id and connection (idempotent ingest).
 */
export class Migration0002Attendance extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create extension if not exists pg_trgm;

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

      create table queues (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        color varchar(9) not null,
        order_queue int,
        greeting_message text,
        out_of_hours_message text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index queues_company_color_unique on queues (company_id, lower(color));
      create unique index queues_company_name_unique on queues (company_id, lower(name));

      create table user_queues (
        user_id int not null references users(id) on delete cascade,
        queue_id int not null references queues(id) on delete cascade,
        primary key (user_id, queue_id)
      );
      create index user_queues_queue_id_index on user_queues (queue_id);

      create table whatsapp_queues (
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        queue_id int not null references queues(id) on delete cascade,
        primary key (whatsapp_id, queue_id)
      );

      create table tags (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        color varchar(9) not null,
        kanban int not null default 0,
        user_id int references users(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index tags_company_name_unique on tags (company_id, lower(name));

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

      create table ticket_notes (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int references tickets(id) on delete cascade,
        contact_id int references contacts(id) on delete cascade,
        user_id int references users(id) on delete set null,
        note text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index ticket_notes_contact_id_index on ticket_notes (contact_id);
      create index ticket_notes_ticket_id_index on ticket_notes (ticket_id);

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
