import { createRequire } from 'node:module';
import path from 'node:path';

type Query = (...args: unknown[]) => unknown;
interface PgModule {
  Client: { prototype: { query: Query } };
}

/** What a count answers: statements sent since it started, and (with `byText`) how many of each text. */
export interface StatementCount {
  readonly statements: number;
  /** By text, literals blanked and cut to 100 characters, most sent first; empty unless started with `byText`. */
  top(n: number): [string, number][];
  stop(): void;
}

/** Both copies of `pg` in the tree: the one core and knex load, and MikroORM's own. */
function pgModules(): PgModule[] {
  const core = path.resolve(import.meta.dirname, '../..');
  const out = new Set<PgModule>();
  for (const from of [
    core,
    path.dirname(createRequire(path.join(core, 'package.json')).resolve('@mikro-orm/postgresql')),
  ])
    try {
      out.add(createRequire(path.join(from, 'package.json'))('pg'));
    } catch {
      // a tree without that copy
    }
  return [...out];
}

/**
 * Counts the statements this process sends to PostgreSQL from now on (every `query` of a pg client: one round trip
 * each, `begin` and `commit` included) — a cost machine load does not change, for regression checks and the bench.
 * @example const count = countStatements(); await work(); expect(count.statements).toBeLessThan(50); count.stop();
 */
export function countStatements(opts: { byText?: boolean } = {}): StatementCount {
  let statements = 0;
  const byText = opts.byText ? new Map<string, number>() : null;
  const undo: (() => void)[] = [];
  for (const pg of new Set(pgModules().map((m) => m.Client.prototype))) {
    const query = pg.query;
    pg.query = function counted(this: unknown, ...args: unknown[]) {
      statements++;
      if (byText) {
        const q = args[0] as string | { text?: string } | undefined;
        const text = (typeof q === 'string' ? q : (q?.text ?? '?'))
          .replace(/'[^']*'/g, "'…'")
          .replace(/\b\d+\b/g, 'N')
          .replace(/\s+/g, ' ')
          .slice(0, 100);
        byText.set(text, (byText.get(text) ?? 0) + 1);
      }
      return query.apply(this, args);
    };
    undo.push(() => {
      pg.query = query;
    });
  }
  return {
    get statements() {
      return statements;
    },
    top: (n) => [...(byText ?? [])].sort((a, b) => b[1] - a[1]).slice(0, n),
    stop: () => {
      for (const u of undo) u();
    },
  };
}
