import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.js';

/** Operators configure Balcão from the README's table: a variable read but not listed there is one they never learn of. */
describe("the README's configuration table", () => {
  it('lists every variable config.ts reads', () => {
    const readme = readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    const listed = new Set(
      rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1])),
    );
    expect(Object.keys(envSchema.shape).filter((name) => !listed.has(name))).toEqual([]);
  });
});
