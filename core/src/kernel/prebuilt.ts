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
