import path from 'node:path';

// Set by core/scripts/build-server.mjs (esbuild `define`) to its output folder; absent when the code runs from
// TypeScript (tsx, vitest).
/** The repository root (the built code keeps its source's `import.meta.dirname`: core/scripts/build-server.mjs). */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

declare const __BALCAO_PREBUILT__: string | undefined;

/**
 * The prebuilt server's folder relative to the repository root (`dist/server` for `npm start`) when this process runs
 * from it, else undefined. Code that loads a TypeScript entry by path (plugins, worker threads) loads its built form.
 */
export const PREBUILT_DIR: string | undefined =
  typeof __BALCAO_PREBUILT__ === 'string' ? __BALCAO_PREBUILT__ : undefined;

/**
 * Where a repository source file's built form is: `<root>/<PREBUILT_DIR>/<same path>.js`, or the source itself when
 * running from TypeScript.
 * @example builtForm(path.join(REPO_ROOT, 'plugins/todo/server/index.ts'))
 */
export function builtForm(source: string, root = REPO_ROOT): string {
  if (!PREBUILT_DIR) return source;
  return path.join(root, PREBUILT_DIR, path.relative(root, source)).replace(/\.(ts|tsx|mts)$/, '.js');
}

/**
 * The V8 flags the server runs with (`npm start`, the benches, the start test; package.json's `start` repeats them,
 * checked by core/src/main.int.test.ts). Measured for issue 30 (the memory session's figures):
 * the live heap under the attendance bench's ingest is ~86 MB while V8 let the old generation reach 280+ MB of
 * garbage before collecting, and the young generation's two 16 MB semi-spaces stayed resident at idle.
 * `--max-semi-space-size=8` halves the young generation (idle RSS −13 MB); `--heap-growing-percent=25` lets the old
 * generation grow to 1.25 × its live size between full collections instead of up to 4 ×.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=25'] as const;
