import { createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRows } from './prepared.js';

let host: TestHost;
let orm: MikroORM;

beforeAll(async () => {
  host = await createTestHost();
  orm = host.resolve<MikroORM>('orm');
});
afterAll(() => host?.stop());

const SQL = `select n, s from (select unnest(?::int[]) n, unnest(?::text[]) s) v
              where n >= ? and s <> all(?::text[]) order by n`;
const PARAMS = [[1, 2, 3], ['a', 'b"q', 'c\\d'], 2, ['z']];

describe('preparedRows', () => {
  it("runs on connections without PostgreSQL's JIT (a generic search plan compiled for 100-700 ms with it)", async () => {
    const em = orm.em.fork();
    // Several at once, so more than one pooled connection answers.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        orm.em
          .fork()
          .transactional((tx) => tx.execute<{ jit: string }[]>("select current_setting('jit') as jit")),
      ),
    );
    expect(settings.map(([r]) => r.jit)).toEqual(['off', 'off', 'off', 'off']);
    expect(await preparedRows<{ jit: string }>(em, "select current_setting('jit') as jit", [])).toEqual([
      { jit: 'off' },
    ]);
  });

  it('answers the same rows as a named statement, again and again on a reused connection', async () => {
    const em = orm.em.fork();
    for (let i = 0; i < 7; i++) {
      expect(await preparedRows(em, SQL, PARAMS)).toEqual([
        { n: 2, s: 'b"q' },
        { n: 3, s: 'c\\d' },
      ]);
    }
    const [{ n }] = await preparedRows<{ n: string }>(
      em,
      "select count(*) n from pg_prepared_statements where name like 'balcao_%'",
      [],
    );
    expect(Number(n)).toBeGreaterThan(0);
  });

  it("inside a transaction, reads on the transaction's connection (its own writes, arrays included)", async () => {
    await orm.em.fork().transactional(async (tx) => {
      await tx.execute('create temporary table prepared_probe (id int) on commit drop');
      await tx.execute('insert into prepared_probe values (7), (8)');
      const rows = await preparedRows<{ id: number }>(
        tx,
        'select id from prepared_probe where id = any(?::int[]) order by id',
        [[7, 8, 9]],
      );
      expect(rows).toEqual([{ id: 7 }, { id: 8 }]);
      expect(await preparedRows(tx, SQL, PARAMS)).toHaveLength(2);
    });
  });
});
