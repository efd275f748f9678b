import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { noteStatement } from './statement-watch.js';

/**
 * Hot reads (ticket lists and searches, message pages, contact pages) as named prepared statements on the ORM's own
 * pool.
 *
 * MikroORM's `execute` writes the parameters into the SQL text, so PostgreSQL parses and plans every request anew:
 * a ticket list spent 1.5–3.5 ms planning for 1 ms of execution. A named statement is parsed once per pooled
 * connection and, after a few runs, executed on its cached plan (1 ms in all). Rows come back with the same type
 * parsers as `execute` (the connection is the ORM's), so dates stay strings as everywhere else.
 *
 * Inside a transaction it runs as a plain statement on the transaction's connection. The SQL uses `?` placeholders (never inside a string literal), and its text
 * must not depend on user input beyond the parameters, or each text would become a new statement on every connection.
 */
interface Statement {
  name: string;
  text: string;
}

const statements = new Map<string, Statement>();
/** Distinct SQL texts remembered; past this the map starts over (the statements themselves live per connection). */
const MAX_TEXTS = 2000;

function statementOf(sql: string): Statement {
  let s = statements.get(sql);
  if (!s) {
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    s = { name: `balcao_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
    if (statements.size >= MAX_TEXTS) statements.clear();
    statements.set(sql, s);
  }
  return s;
}

/**
 * Connections told to plan each statement once, for any parameters. PostgreSQL's default re-plans the first runs with
 * the values in hand, and with a literal LIMIT it chose to walk 60,000 closed tickets by an index in list order
 * hoping to meet a few unassigned ones (30 ms), where the generic plan sorts the few it finds (1 ms). Only named
 * statements are affected; the ORM's own queries are never prepared.
 */
const generic = new WeakSet<object>();

interface PgLike {
  query<R>(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: R[] }>;
}
interface KnexClientLike {
  acquireConnection(): Promise<PgLike>;
  releaseConnection(connection: PgLike): Promise<unknown>;
}

/** @example const rows = await preparedRows<{ id: number }>(em, 'select id from tickets where company_id = ?', [1]) */
export async function preparedRows<R>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
): Promise<R[]> {
  // Inside a transaction, read on the transaction's connection (as a plain statement) to see its writes.
  if (em.isInTransaction()) return plainRows(em, sql, params);
  const client = em.getConnection().getKnex().client as unknown as KnexClientLike;
  const connection = await client.acquireConnection();
  try {
    if (!generic.has(connection)) {
      await connection.query({ text: 'set plan_cache_mode = force_generic_plan' });
      generic.add(connection);
    }
    const { name, text } = statementOf(sql);
    noteStatement();
    return (await connection.query<R>({ name, text, values: [...params] })).rows;
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * The same statement planned for its values, every time: for statements whose text varies with its values, and for
 * the EXPLAINs that read the planner's guesses for a search term (a generic plan cannot tell a rare name from a common
 * word; the searches themselves choose their read from those guesses, each read its own text, and run prepared).
 * Array parameters work as in `preparedRows`.
 */
export function plainRows<R>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<R[]> {
  const ctx = em.isInTransaction() ? em.getTransactionContext() : undefined;
  return em.getConnection().execute<R[]>(sql, literalArrays(params), 'all', ctx);
}

/**
 * Parameters for the ORM's `execute` and query builders, which write values into the text (and an array as a comma
 * list): each array goes in as PostgreSQL's array literal instead, for `= any(?::int[])`.
 */
export const literalArrays = (params: readonly unknown[]): unknown[] => params.map(arrayLiteral);

function arrayLiteral(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return `{${value.map((v) => (typeof v === 'number' ? String(v) : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
