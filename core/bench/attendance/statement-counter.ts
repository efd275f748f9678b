import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Preloaded into the bench's server (`--import`, server.ts): counts the statements the process sends to PostgreSQL
 * (every `query` of a pg client: one round trip each, `begin` and `commit` included), so the ingest row can report
 * statements per message — a figure machine load does not change. On SIGUSR2 the count is written to
 * BENCH_STATEMENTS_FILE as `{ "statements": count }` (the reader removes the file
 * first). Both copies of `pg` in the tree are counted (knex's and MikroORM's own).
 */
const file = process.env.BENCH_STATEMENTS_FILE;
if (file) {
  let statements = 0;
  // BENCH_STATEMENTS_TOP=1: also by text (literals blanked, first 100 characters), to find what a change would cut.
  const byText = process.env.BENCH_STATEMENTS_TOP === '1' ? new Map<string, number>() : null;
  const root = path.resolve(import.meta.dirname, '../../..');
  const places = [root, path.join(root, 'node_modules/@mikro-orm/postgresql')];
  const patched = new Set<unknown>();
  for (const place of places) {
    let pg: { Client: { prototype: { query: (...args: unknown[]) => unknown } } };
    try {
      pg = createRequire(path.join(place, 'package.json'))('pg');
    } catch {
      continue;
    }
    const proto = pg.Client.prototype;
    if (patched.has(proto)) continue;
    patched.add(proto);
    const query = proto.query;
    proto.query = function counted(this: unknown, ...args: unknown[]) {
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
  }
  process.on('SIGUSR2', () => {
    const top = [...(byText ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 60);
    writeFileSync(file, JSON.stringify({ statements, top }));
  });
}
