import type { PluginInfoDto } from '@balcao/sdk';
import type { UiPluginDefinition } from '@balcao/sdk/ui';
import { api } from '../api/http';
import { i18n } from '../i18n';
import { toastError } from '../notify/toaster';
import { appStore } from '../session/session-store';
import { pluginsAtom } from './plugin-store';
import { loadPlugins } from './registry';

/** Each plugin's translations live in the i18next namespace named after the plugin. */
export function registerPluginLocales(plugin: UiPluginDefinition): void {
  for (const [lang, resources] of Object.entries(plugin.locales ?? {})) {
    if (resources) i18n.addResourceBundle(lang, plugin.name, resources, true, true);
  }
}

// Bumped on every start and reset, so a load that finishes after a logout is dropped.
let generation = 0;

/** After login: ask which plugins the tenant has, then load and register only those UI entries. */
export async function bootstrapPlugins(): Promise<void> {
  if (appStore.get(pluginsAtom).status !== 'idle') return;
  appStore.set(pluginsAtom, { status: 'loading' });
  await readPlugins();
}

/**
 * The tenant's plan changed (`company-{id}-plan`): the plugin list is read again and the entries of plugins it gained
 * are loaded; the menu and pages of the current ones stay until the new list is ready.
 */
export async function reloadPlugins(): Promise<void> {
  if (appStore.get(pluginsAtom).status === 'idle') return;
  await readPlugins();
}

async function readPlugins(): Promise<void> {
  const mine = ++generation;
  let infos: PluginInfoDto[] = [];
  try {
    infos = await api.get<PluginInfoDto[]>(`/plugins?lang=${encodeURIComponent(i18n.language)}`);
  } catch (err) {
    toastError(err);
  }
  // Every loaded plugin is listed; the tenant has those `enabled` (an older server listed only those).
  const mineOnly = Array.isArray(infos) ? infos.filter((info) => info.enabled !== false) : [];
  const enabled = mineOnly.map((info) => info.name);
  const channels = mineOnly.flatMap((info) => info.channels ?? []);
  const channelTraits = mineOnly.flatMap((info) => info.channelTraits ?? []);
  const loaded = await loadPlugins(enabled);
  if (mine !== generation) return;
  for (const plugin of loaded) registerPluginLocales(plugin);
  appStore.set(pluginsAtom, { status: 'ready', enabled, channels, channelTraits, loaded });
}

export function resetPlugins(): void {
  generation++;
  appStore.set(pluginsAtom, { status: 'idle' });
}
