import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyPluginDefinition } from '@balcao/sdk';
import type { PluginFailure } from './plugin-host.js';
import { builtForm } from './prebuilt.js';

/** The repository root (the folder holding the workspaces' package.json). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

type Found = AnyPluginDefinition;

/** The workspace folder of example packages: teaching material, never part of a normal start. */
export const EXAMPLES_DIR = 'examples';

/**
 * Finds workspace packages whose package.json declares `"balcao": { "plugin": "./server/index.ts" }` and imports
 * their default export (its built form when the server runs prebuilt: kernel/prebuilt.ts). A package that fails to import is reported, not fatal. Packages under `examples/` are
 * skipped unless `examples` is set (BALCAO_EXAMPLES=1): otherwise the hello plugin would join every tenant's menu.
 * @example const { plugins } = await discoverPlugins({ examples: config.examples })
 */
export async function discoverPlugins(
  opts: { root?: string; examples?: boolean } = {},
): Promise<{ plugins: Found[]; failures: PluginFailure[] }> {
  const root = opts.root ?? REPO_ROOT;
  const examplesDir = path.join(root, EXAMPLES_DIR);
  const plugins: Found[] = [];
  const failures: PluginFailure[] = [];
  const workspaces: string[] =
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces ?? [];
  const dirs = workspaces.flatMap((ws) => {
    if (!ws.endsWith('/*')) return [path.join(root, ws)];
    const parent = path.join(root, ws.slice(0, -2));
    return existsSync(parent)
      ? readdirSync(parent, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => path.join(parent, d.name))
      : [];
  });
  for (const dir of dirs.sort()) {
    if (!opts.examples && path.dirname(dir) === examplesDir) continue;
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    const entry: string | undefined = pkg.balcao?.plugin;
    if (!entry) continue;
    try {
      const mod = await import(pathToFileURL(builtForm(path.join(dir, entry), root)).href);
      const def = mod.default as Found | undefined;
      if (!def || typeof def.name !== 'string')
        throw new Error(`${entry} has no definePlugin default export`);
      plugins.push(def);
    } catch (err) {
      failures.push({ name: pkg.name, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return { plugins, failures };
}
