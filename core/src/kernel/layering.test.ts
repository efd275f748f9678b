import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, importCycles, importGraph, specifiersOf } from '../testing/import-graph.js';

// ARCHITECTURE.md: core/src/kernel sits below the modules. A kernel file imports no module, not even through another
// folder (http/, realtime/ …), and no import circle runs through the kernel; the composition root (app.ts) is the one
// file that knows both. Read from the sources themselves, type-only imports included.

const CORE = path.join(import.meta.dirname, '..');
const graph = importGraph(CORE);
const isKernel = (f: string) => f.startsWith('kernel/');
const readSource = (f: string) => readFileSync(path.join(CORE, f), 'utf8');

/** Every file `from` reaches, with the path it takes (breadth first, so the path is a shortest one). */
function reach(g: ImportGraph, from: string): Map<string, string[]> {
  const paths = new Map<string, string[]>([[from, [from]]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    for (const to of g.get(at) ?? []) {
      if (paths.has(to)) continue;
      paths.set(to, [...paths.get(at)!, to]);
      queue.push(to);
    }
  }
  return paths;
}

describe('the import graph reader', () => {
  it('reads every import form, resolves .js to the .ts source and skips comments', () => {
    const text = [
      "import type { A } from './a.js';",
      "import {\n  b,\n  c,\n} from '../b.js';",
      "export { d } from './d.js';",
      "import './side-effect.js';",
      "const e = await import('./e.js');",
      " * @example import { x } from './only-in-a-comment.js'",
      "// import { y } from './commented-out.js';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a.js', '../b.js', './d.js', './side-effect.js', './e.js', 'zod']);
  });

  it('finds each circle once, with its files, and no circle in a graph without one', () => {
    const g: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['d.ts']],
    ]);
    expect(importCycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('sees the kernel files and what they import', () => {
    expect(graph.get('kernel/kernel.ts')).toContain('kernel/host.ts');
    expect(graph.get('app.ts')).toContain('modules/registry.ts');
  });
});

describe('the kernel below the modules', () => {
  it('no kernel file reaches a module, directly or through another folder', () => {
    const reached = [...graph.keys()]
      .filter(isKernel)
      .flatMap((file) =>
        [...reach(graph, file).entries()]
          .filter(([to]) => to.startsWith('modules/'))
          .map(([, via]) => via.join(' -> ')),
      );
    expect(reached).toEqual([]);
  });

  it('no import circle runs through the kernel', () => {
    expect(importCycles(graph).filter((cycle) => cycle.some(isKernel))).toEqual([]);
  });

  it('core/src/testing does not import @balcao/testing (which imports core)', () => {
    const offenders = [...graph.keys()]
      .filter((f) => f.startsWith('testing/'))
      .filter((f) => specifiersOf(readSource(f)).some((s) => s.startsWith('@balcao/testing')));
    expect(offenders).toEqual([]);
  });
});

describe("the SDK's plugin API apart from the wire the UI shares", () => {
  const SDK = path.join(CORE, '../../sdk/src');
  const sdk = importGraph(SDK);
  const exported = (entry: string) => (sdk.get(entry) ?? []).sort();

  it('rest.ts (schemas, DTOs, frames) reaches no file of plugin-api.ts (ports, plugin, events, channel contract)', () => {
    const pluginApi = new Set(exported('plugin-api.ts'));
    const reached = [...reach(sdk, 'rest.ts').entries()].filter(([to]) => pluginApi.has(to));
    expect(reached.map(([, via]) => via.join(' -> '))).toEqual([]);
  });

  it('index.ts re-exports exactly the two entries’ modules, each module in one entry', () => {
    const rest = exported('rest.ts');
    const pluginApi = exported('plugin-api.ts');
    expect(rest.filter((m) => pluginApi.includes(m))).toEqual([]);
    expect(exported('index.ts')).toEqual([...rest, ...pluginApi].sort());
  });
});
