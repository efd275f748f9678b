import { Migration } from '@mikro-orm/migrations';

/**
 * Stateful channels (ARCHITECTURE "Process roles and scale-out"):
 * - `channel_sessions`: one row per connection whose session should run (created by "start", removed by logout or
 *   with the connection). `owner`/`expires_at` are the renewable lease: the instance whose lease is live runs the
 *   session; a dead owner's lease runs out and another instance claims the row. `command` carries an admin's
 *   restart / new-QR / logout to the owner when the request reached another instance.
 * - `channel_session_data`: the adapter's SessionStore, values AES-256-GCM encrypted (SESSION_SECRET).
 * - `plugin_config`: each plugin's configuration per company, values encrypted the same way.
 */
export class Migration0015ChannelSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table channel_sessions (
        connection_id integer primary key references whatsapps (id) on delete cascade,
        company_id integer not null references companies (id) on delete cascade,
        owner varchar(64),
        expires_at timestamptz not null default now(),
        command varchar(10) check (command in ('restart', 'qr', 'logout')),
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index channel_sessions_owner on channel_sessions (owner);');
    this.addSql(`
      create table channel_session_data (
        connection_id integer not null references whatsapps (id) on delete cascade,
        key varchar(200) not null,
        value text not null,
        updated_at timestamptz not null default now(),
        primary key (connection_id, key)
      );`);
    this.addSql(`
      create table plugin_config (
        company_id integer not null references companies (id) on delete cascade,
        plugin varchar(100) not null,
        key varchar(200) not null,
        value text not null,
        updated_at timestamptz not null default now(),
        primary key (company_id, plugin, key)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists plugin_config;');
    this.addSql('drop table if exists channel_session_data;');
    this.addSql('drop table if exists channel_sessions;');
  }
}
