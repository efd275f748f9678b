import type { UiPluginDefinition } from '@balcao/sdk/ui';
import { isRecord } from '../api/api-error';

export type PluginLoader = () => Promise<unknown>;

/**
 * Every plugin UI entry in the tree, found at build time and loaded lazily (one chunk each). The examples' entries
 * join only a build made with BALCAO_EXAMPLES=1 (vite.config.ts), as the server loads examples only then: a normal
 * build does not even contain them.
 */
export const DISCOVERED_PLUGINS: Record<string, PluginLoader> = {
  ...import.meta.glob('../../../plugins/*/ui/index.tsx'),
  ...(__BALCAO_EXAMPLES__ ? import.meta.glob('../../../examples/*/ui/index.tsx') : {}),
};

/** `…/plugins/hello/ui/index.tsx` → `hello`. */
export function pluginDirOf(path: string): string | null {
  return /\/([^/]+)\/ui\/index\.tsx$/.exec(path)?.[1] ?? null;
}

export function isUiPluginDefinition(value: unknown): value is UiPluginDefinition {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    value.name !== '' &&
    (value.pages === undefined || Array.isArray(value.pages)) &&
    (value.slots === undefined || isRecord(value.slots)) &&
    (value.connectionChannels === undefined || Array.isArray(value.connectionChannels)) &&
    (value.locales === undefined || isRecord(value.locales))
  );
}

/** One broken plugin never stops the shell: a failed or malformed entry is logged and skipped. */
async function loadOne(path: string, loader: PluginLoader): Promise<UiPluginDefinition | null> {
  try {
    const mod = await loader();
    const definition = isRecord(mod) ? mod.default : undefined;
    if (isUiPluginDefinition(definition)) return definition;
    console.warn(`[plugins] ${path} has no default defineUiPlugin(...) export; skipped`);
  } catch (err) {
    console.error(`[plugins] ${path} failed to load; skipped`, err);
  }
  return null;
}

async function loadAll(entries: [string, PluginLoader][]): Promise<UiPluginDefinition[]> {
  const loaded = await Promise.all(entries.map(([path, loader]) => loadOne(path, loader)));
  return loaded.filter((d): d is UiPluginDefinition => d !== null);
}

/**
 * Loads the UI entries of the tenant's plugins, in the server's order. Folders named like the plugin are tried
 * first; only if a name is still missing are the other entries loaded to match their declared names.
 */
export async function loadPlugins(
  names: readonly string[],
  loaders: Record<string, PluginLoader> = DISCOVERED_PLUGINS,
): Promise<UiPluginDefinition[]> {
  const wanted = new Set(names);
  const found = new Map<string, UiPluginDefinition>();
  const keep = (defs: UiPluginDefinition[]) => {
    for (const def of defs) if (wanted.has(def.name) && !found.has(def.name)) found.set(def.name, def);
  };
  const entries = Object.entries(loaders);
  const byFolder = entries.filter(([path]) => wanted.has(pluginDirOf(path) ?? ''));
  keep(await loadAll(byFolder));
  if (found.size < wanted.size) keep(await loadAll(entries.filter((entry) => !byFolder.includes(entry))));
  return names.flatMap((name) => found.get(name) ?? []);
}

/** Entries whose folder is not an enabled plugin: candidates for the "company lacks permission" message. */
export function disabledCandidates(
  enabledNames: readonly string[],
  loaders: Record<string, PluginLoader> = DISCOVERED_PLUGINS,
): [string, PluginLoader][] {
  const enabled = new Set(enabledNames);
  return Object.entries(loaders).filter(([path]) => !enabled.has(pluginDirOf(path) ?? ''));
}

/** Loads the UI entries present in the build but not enabled for this tenant. */
export async function loadDisabledPlugins(
  enabledNames: readonly string[],
  loaders: Record<string, PluginLoader> = DISCOVERED_PLUGINS,
): Promise<UiPluginDefinition[]> {
  const enabled = new Set(enabledNames);
  const defs = await loadAll(disabledCandidates(enabledNames, loaders));
  return defs.filter((def) => !enabled.has(def.name));
}
