import type { MigrationObject } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/postgresql';

type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/**
 * A migration of a core module or a plugin. `replaces` names an older migration this one is a part of (the early
 * core migrations spanned several modules and were split by table): a database that recorded the older one
 * records this part as done without running it.
 */
export interface ModuleMigration extends MigrationObject {
  replaces?: string;
}

/**
 * Where a module's migrations are recorded. Core modules keep `mikro_orm_migrations` (their names are unique across
 * core and existing databases already hold them there); plugins record theirs per plugin in `plugin_migrations`.
 */
export type MigrationLedger = 'core' | 'plugin';

const LEDGER_DDL: Record<MigrationLedger, string> = {
  // The layout MikroORM's migrator created, so databases migrated before and after this runner look the same.
  core: 'create table if not exists mikro_orm_migrations (id serial primary key, name varchar(255), executed_at timestamptz default current_timestamp)',
  plugin:
    'create table if not exists plugin_migrations (plugin varchar(100) not null, name varchar(255) not null, executed_at timestamptz not null default now(), primary key (plugin, name))',
};

/**
 * Runs one module's pending migrations, in order, in one transaction, and records each; a migration whose `replaces`
 * is recorded is recorded without running. Each module runs apart, in dependency order, so a broken plugin is
 * disabled without holding back the others.
 * @example await migrateModule(orm, 'core', 'tickets', ticketsMigrations)
 */
export async function migrateModule(
  orm: MikroORM,
  ledger: MigrationLedger,
  module: string,
  migrations: readonly ModuleMigration[],
): Promise<void> {
  await orm.em.fork().transactional(async (em) => {
    const trx = em.getTransactionContext();
    const run = (sql: string, params: unknown[] = []) => em.getConnection().execute(sql, params, 'run', trx);
    const read = (sql: string, params: unknown[] = []) =>
      em.getConnection().execute<{ name: string }[]>(sql, params, 'all', trx);
    // Instances starting together migrate one at a time: the later one finds the work recorded.
    await run('select pg_advisory_xact_lock(hashtext(?))', ['balcao-migrations']);
    await run(LEDGER_DDL[ledger]);
    const rows =
      ledger === 'core'
        ? await read('select name from mikro_orm_migrations')
        : await read('select name from plugin_migrations where plugin = ?', [module]);
    const done = new Set(rows.map((r) => r.name));
    for (const m of migrations.filter((x) => !done.has(x.name))) {
      if (!(m.replaces && done.has(m.replaces))) {
        const migration = new (m.class as MigrationClass)(orm.em.getDriver(), orm.config);
        await migration.up();
        for (const query of migration.getQueries())
          await run(typeof query === 'string' ? query : query.toString());
      }
      if (ledger === 'core') await run('insert into mikro_orm_migrations (name) values (?)', [m.name]);
      else await run('insert into plugin_migrations (plugin, name) values (?, ?)', [module, m.name]);
    }
  });
}
