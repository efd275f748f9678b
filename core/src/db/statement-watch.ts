import { AsyncLocalStorage } from 'node:async_hooks';
import type { MikroORM } from '@mikro-orm/postgresql';

interface Watch {
  statements: number;
}

const watching = new AsyncLocalStorage<Watch>();

/** Counts one statement toward the watch the caller runs under, if any (prepared.ts: its statements bypass knex). */
export function noteStatement(): void {
  const watch = watching.getStore();
  if (watch) watch.statements++;
}

/**
 * Every statement the ORM's pool sends (knex's `query` event: the ORM's reads, flushes, transactions and `execute`)
 * counts toward the watch it runs under. Installed once per ORM (openDatabase).
 */
export function watchOrmStatements(orm: MikroORM): void {
  orm.em.getConnection().getKnex().on('query', noteStatement);
}

/**
 * Runs `work` and says how many statements it sent to PostgreSQL through the ORM's pool, including whatever it awaited
 * (its async context: ports, services, event subscribers it waited for). Other work running meanwhile is not counted.
 * A bot turn tells by this whether a message's handling wrote nothing (no statement at all), so the next message needs
 * no re-read of the ticket (bots/bot-dispatch.ts).
 * @example const { statements } = await watchStatements(() => handle(message))
 */
export async function watchStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const watch: Watch = { statements: 0 };
  const result = await watching.run(watch, work);
  return { result, statements: watch.statements };
}
