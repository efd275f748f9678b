import { definePlugin } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The sql port: a plugin's hot statements prepared, their parameters apart from the text (em.execute writes them in).
const TEXT = `select a.i, a.s from jsonb_to_recordset(?::jsonb) as a(i int, s text) where a.i >= ? order by a.i`;
const ROWS = [
  { i: 1, s: "o'clock" },
  { i: 2, s: 'say "hi"\\n' },
  { i: 3, s: '?' },
];

const probe = definePlugin({
  name: 'sql-port-test',
  requires: ['sql', 'em'],
  routes(router) {
    router.get('/sql-port/rows', async (ctx) => {
      const rows = [];
      let prepared = 0;
      // Again and again, each time asking whether the connection that answers next holds the statement by name (the
      // pool hands the last one back when nothing else runs; a job of the host may take it in between).
      for (let n = 0; n < 6; n++) {
        rows.push(await ctx.state.deps.sql.rows(TEXT, [JSON.stringify(ROWS), 2]));
        const [named] = await ctx.state.deps.sql.rows<{ n: number }>(
          'select count(*)::int as n from pg_prepared_statements where statement = ?',
          [TEXT.replace('?', '$1').replace('?', '$2')],
        );
        prepared = Math.max(prepared, named.n);
      }
      ctx.body = { rows, prepared };
    });
    router.post('/sql-port/in-transaction', async (ctx) => {
      const { em, sql } = ctx.state.deps;
      await em.begin();
      try {
        await em.execute('create temporary table sql_port_probe (id int) on commit drop');
        await em.execute('insert into sql_port_probe values (7)');
        // The em port's transaction is the sql port's too: its own uncommitted row is there.
        ctx.body = await sql.rows<{ id: number }>('select id from sql_port_probe');
      } finally {
        await em.rollback();
      }
    });
  },
});

let host: TestHost;
let admin: string;

beforeAll(async () => {
  host = await createTestHost({ plugins: [probe] });
  admin = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

describe('the sql port', () => {
  it('answers the rows of a prepared statement, its parameters intact (quotes, backslashes, a "?")', async () => {
    const res = await host.request('/api/sql-port/rows', { token: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: unknown[][]; prepared: number };
    for (const rows of body.rows) expect(rows).toEqual(ROWS.slice(1));
    // Named on the connection that ran it.
    expect(body.prepared).toBe(1);
  });

  it("runs inside the em port's transaction when one is open", async () => {
    const res = await host.request('/api/sql-port/in-transaction', { token: admin, method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 7 }]);
  });
});
