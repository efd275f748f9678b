import { createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preparedRows } from './prepared.js';
import { watchStatements } from './statement-watch.js';

let host: TestHost;
let orm: MikroORM;

beforeAll(async () => {
  host = await createTestHost();
  orm = host.resolve<MikroORM>('orm');
});
afterAll(() => host?.stop());

it('counts the statements its work sent (reads, prepared reads, transactions), not those of work beside it', async () => {
  let besideDone = false;
  const beside = (async () => {
    for (let i = 0; i < 5; i++) await orm.em.fork().getConnection().execute('select 1');
    besideDone = true;
  })();
  const watched = await watchStatements(async () => {
    const em = orm.em.fork();
    await em.getConnection().execute('select 1');
    await preparedRows(em, 'select ?::int n', [2]);
    await em.transactional(async (tx) => {
      await tx.execute('select 3');
    });
    // More at once than the pool holds: those waiting for a connection still count.
    await Promise.all(Array.from({ length: 12 }, () => orm.em.fork().getConnection().execute('select 4')));
    return 'done';
  });
  await beside;
  expect(besideDone).toBe(true);
  expect(watched.result).toBe('done');
  // 1 + 1 + begin, select, commit + 12.
  expect(watched.statements).toBe(17);
});

it('says none for work that sent none', async () => {
  expect((await watchStatements(async () => 42)).statements).toBe(0);
});
