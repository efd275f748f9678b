import pg from 'pg';

/**
 * The plan the server runs for `q` (its `?` placeholders numbered): prepared, one generic plan for every value
 * (db/prepared.ts), no JIT (db/orm.ts), the values as literals of the types PREPARE inferred, run by EXPLAIN ANALYZE
 * so each node says what it read. `seqscanOff`: sequential scans priced out, for a test table too small to be
 * honest about them. Answers the top plan node and whether PostgreSQL JIT-compiled the statement.
 * @example const { plan, jit } = await explainAsServed<PlanNode>(host.databaseUrl, ticketListSql(…))
 */
export async function explainAsServed<P>(
  databaseUrl: string,
  q: { sql: string; params: readonly unknown[] },
  opts: { seqscanOff?: boolean } = {},
): Promise<{ plan: P; jit: boolean }> {
  let n = 0;
  const sql = q.sql.replace(/\?/g, () => `$${++n}`);
  const c = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
  await c.connect();
  try {
    await c.query('set plan_cache_mode = force_generic_plan');
    if (opts.seqscanOff) await c.query('set enable_seqscan = off');
    await c.query(`prepare served as ${sql}`);
    const literal = (v: unknown) =>
      `'${(Array.isArray(v) ? `{${v.map((x) => JSON.stringify(String(x))).join(',')}}` : String(v)).replace(/'/g, "''")}'`;
    const { rows } = await c.query(
      `explain (analyze, format json) execute served(${q.params.map(literal).join(', ')})`,
    );
    const [top] = rows[0]['QUERY PLAN'] as [{ Plan: P; JIT?: unknown }];
    return { plan: top.Plan, jit: top.JIT !== undefined };
  } finally {
    await c.end();
  }
}
