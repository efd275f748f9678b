import type { MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';

/**
 * Opens MikroORM on `url` (creating the database if needed) and applies every pending migration in order.
 * @example const orm = await openDatabase({ url, entities, migrations })
 */
export async function openDatabase(opts: {
  url: string;
  /** Schemas from defineEntity (their generics differ, so the list is untyped here). */
  entities: readonly unknown[];
  migrations: MigrationObject[];
  poolMax?: number;
}): Promise<MikroORM> {
  const orm = await MikroORM.init(
    defineConfig({
      clientUrl: opts.url,
      entities: opts.entities as never,
      extensions: [Migrator],
      ensureDatabase: true,
      discovery: { warnWhenNoEntities: false },
      forceUtcTimezone: true,
      allowGlobalContext: false,
      pool: { min: 0, max: opts.poolMax ?? 10 },
      migrations: {
        migrationsList: opts.migrations,
        tableName: 'mikro_orm_migrations',
        transactional: true,
        allOrNothing: true,
        silent: true,
      },
    }),
  );
  await orm.getMigrator().up();
  return orm;
}
