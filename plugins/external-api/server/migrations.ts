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

/** In order; names are stable keys in `plugin_migrations`: never rename or reorder them. */
export const migrations = [{ name: '0001-rate-windows', class: Migration0001RateWindows }];
