import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Source files (relative to `root`, with `/`) and the files each imports, type-only imports included. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx)$/;
// `import … from`, `export … from`, `import '…'` and `import('…')`; the specifier is the group that matched.
const IMPORT =
  /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** A line of a comment (TSDoc examples name imports that are not there). */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;

/** The specifiers a source imports, comments left out. */
export function specifiersOf(text: string): string[] {
  const code = text
    .split('\n')
    .filter((line) => !COMMENT_LINE.test(line))
    .join('\n');
  return [...code.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}
const TEST = /\.(test|spec)\.tsx?$/;

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourcesUnder(p));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !TEST.test(name)) out.push(p);
  }
  return out;
}

/** The source file a relative specifier names (`./x.js` is `./x.ts`), or undefined outside `known`. */
function resolve(from: string, spec: string, known: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), spec).replace(/\.(js|jsx|mjs)$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => known.has(c));
}

/**
 * The import graph of the non-test sources under `root` (relative specifiers only: packages are outside it). Every
 * form counts: `import type`, re-exports and `import()`; a cycle of types is a cycle a reader has to untangle too.
 * @example importGraph('core/src').get('kernel/host.ts') // ['db/module-migrations.ts', 'kernel/container.ts', …]
 */
export function importGraph(root: string): ImportGraph {
  const files = sourcesUnder(root).map((f) => path.relative(root, f).split(path.sep).join('/'));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = specifiersOf(readFileSync(path.join(root, file), 'utf8'))
      .map((spec) => resolve(file, spec, known))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * The import circles: each strongly connected component of more than one file (or a file importing itself), its
 * files sorted (Tarjan's algorithm, iterative so a deep graph does not overflow the stack).
 * @example importCycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']]])) // [['a.ts', 'b.ts']]
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}
