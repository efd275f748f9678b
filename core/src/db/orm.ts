import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import { watchOrmStatements } from './statement-watch.js';

/**
 * Opens MikroORM on `url`, creating the database if needed. Migrations run per module afterwards (kernel/host.ts).
 * @example const orm = await openDatabase({ url, entities })
 */
export async function openDatabase(opts: {
  url: string;
  /** Schemas from defineEntity (their generics differ, so the list is untyped here). */
  entities: readonly unknown[];
  poolMax?: number;
}): Promise<MikroORM> {
  const orm = await MikroORM.init(
    defineConfig({
      clientUrl: opts.url,
      entities: opts.entities as never,
      ensureDatabase: true,
      discovery: { warnWhenNoEntities: false },
      forceUtcTimezone: true,
      allowGlobalContext: false,
      pool: { min: 0, max: opts.poolMax ?? 10 },
      // No JIT compilation: the app's statements run in milliseconds, and a prepared search's generic plan (guessing
      // thousands of hits for any term) passed jit_above_cost and compiled for 100–700 ms before reading 30 buffers.
      driverOptions: { connection: { options: '-c jit=off' } },
    }),
  );
  watchOrmStatements(orm);
  return orm;
}
