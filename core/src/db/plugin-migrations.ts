import type { MigrationObject } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/postgresql';

type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/**
 * Runs one plugin's pending migrations in one transaction, recorded in `plugin_migrations`.
 * Each plugin runs apart so a broken plugin is disabled without holding back the others.
 */
export async function migratePlugin(
  orm: MikroORM,
  plugin: string,
  migrations: readonly MigrationObject[],
): Promise<void> {
  const conn = orm.em.getConnection();
  await conn.execute(
    'create table if not exists plugin_migrations (plugin varchar(100) not null, name varchar(255) not null, executed_at timestamptz not null default now(), primary key (plugin, name))',
  );
  const done = new Set(
    (
      await conn.execute<{ name: string }[]>('select name from plugin_migrations where plugin = ?', [plugin])
    ).map((r) => r.name),
  );
  const pending = migrations.filter((m) => !done.has(m.name));
  if (!pending.length) return;
  await orm.em.fork().transactional(async (em) => {
    const trx = em.getTransactionContext();
    for (const m of pending) {
      const migration = new (m.class as MigrationClass)(orm.em.getDriver(), orm.config);
      await migration.up();
      for (const query of migration.getQueries()) {
        await em
          .getConnection()
          .execute(typeof query === 'string' ? query : query.toString(), [], 'run', trx);
      }
      await em
        .getConnection()
        .execute('insert into plugin_migrations (plugin, name) values (?, ?)', [plugin, m.name], 'run', trx);
    }
  });
}
