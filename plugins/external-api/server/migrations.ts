import { Migration } from '@balcao/sdk/orm';

/**
 * The rate limit's fixed windows, shared by every instance: one row per connection (its token) and window, counting
 * the calls made in it. A connection keeps at most its current window's row (each call prunes the older ones).
 */
class Migration0001RateWindows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table external_api_rate_windows (
        connection_id int not null references whatsapps(id) on delete cascade,
        window_start timestamptz not null,
        company_id int not null references companies(id) on delete cascade,
        used int not null,
        primary key (connection_id, window_start)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists external_api_rate_windows;');
  }
}

/**
 * The calls made with an Idempotency-Key, by connection and the key's hash: claimed before anything is stored, then
 * holding the answer a replay gets. Kept like core's send keys: a replay any time later does nothing again.
 */
class Migration0002Sends extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table external_api_sends (
        connection_id int not null references whatsapps(id) on delete cascade,
        key_hash char(64) not null,
        company_id int not null references companies(id) on delete cascade,
        answer jsonb,
        claimed_at timestamptz not null default now(),
        primary key (connection_id, key_hash)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists external_api_sends;');
  }
}

/** In order; names are stable keys in `plugin_migrations`: never rename or reorder them. */
export const migrations = [
  { name: '0001-rate-windows', class: Migration0001RateWindows },
  { name: '0002-sends', class: Migration0002Sends },
];
