// Builds the server to plain JavaScript for `npm start`: `node dist/server/core/src/main.js`, no TypeScript loader
// (tsx costs some 36 MB of RSS: its loader runs in a second V8 isolate). One esbuild pass over core's main, the
// spreadsheet reader's worker and every workspace package's plugin entry (package.json `balcao.plugin`, examples
// included: BALCAO_EXAMPLES decides at run time), split into shared chunks so that the SDK and the kernel exist once
// in the process, as under tsx. Packages from node_modules stay imports (resolved from the repository's node_modules
// at run time); the workspaces' `@balcao/*` TypeScript is bundled. A file's own location (`import.meta.dirname`,
// `import.meta.url`) stays its source file's, so what sits beside the source (SQL files, the web chat page, the UI
// build) is read where it is. `__BALCAO_PREBUILT__` tells the code the output folder (core/src/kernel/prebuilt.ts).
// Usage: node core/scripts/build-server.mjs [outdir relative to the repository root] [extra entry ...]
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_DIST = 'dist/server';

/** Every workspace package's plugin entry (the same walk as core/src/kernel/discover-plugins.ts, examples included). */
function pluginEntries(root) {
  const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces ?? [];
  const dirs = workspaces.flatMap((ws) => {
    if (!ws.endsWith('/*')) return [path.join(root, ws)];
    const parent = path.join(root, ws.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(parent, d.name));
  });
  return dirs.flatMap((dir) => {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) return [];
    const entry = JSON.parse(readFileSync(manifest, 'utf8')).balcao?.plugin;
    return entry ? [path.join(dir, entry)] : [];
  });
}

/** Bare imports stay imports unless they name a workspace package; repository sources keep their own location. */
const repositoryPlugin = (root) => ({
  name: 'balcao-repository',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@balcao/') ? undefined : { path: args.path, external: true },
    );
    build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !args.path.startsWith(root))
        return undefined;
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      const ext = path.extname(args.path).slice(1);
      return { contents, loader: ext === 'mts' ? 'ts' : ext === 'mjs' ? 'js' : ext };
    });
  },
});

/**
 * Builds into `outdir` (relative to the repository root): core/src/main.ts, the sheet worker, every plugin entry and
 * `extra` entries (paths relative to the root, e.g. a bench's server entry). Returns the output folder.
 * @example await buildServer({ outdir: 'dist/bench-server', extra: ['core/bench/campaigns/server-entry.ts'] })
 */
export async function buildServer({ root = ROOT, outdir = SERVER_DIST, extra = [] } = {}) {
  const out = path.join(root, outdir);
  rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      path.join(root, 'core/src/main.ts'),
      path.join(root, 'core/src/spreadsheets/sheet-worker.ts'),
      ...pluginEntries(root),
      ...extra.map((e) => path.join(root, e)),
    ],
    outbase: root,
    outdir: out,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    define: { __BALCAO_PREBUILT__: JSON.stringify(outdir) },
    plugins: [repositoryPlugin(root)],
    logLevel: 'warning',
  });
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [outdir = SERVER_DIST, ...extra] = process.argv.slice(2);
  await buildServer({ outdir, extra });
}
