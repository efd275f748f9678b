import type { UiPage, UiPluginDefinition } from '@balcao/sdk/ui';
import { atom } from 'jotai';

export type PluginsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; enabled: string[]; channels: string[]; loaded: UiPluginDefinition[] };

/** The tenant's plugins (`GET /api/plugins`) and their loaded UI entries. */
export const pluginsAtom = atom<PluginsState>({ status: 'idle' });

const NONE: UiPluginDefinition[] = [];

export const loadedPluginsAtom = atom((get) => {
  const state = get(pluginsAtom);
  return state.status === 'ready' ? state.loaded : NONE;
});

const NO_CHANNELS: ReadonlySet<string> = new Set();

/** The channel kinds the tenant's plugins contribute: the connections it can create. */
export const channelKindsAtom = atom<ReadonlySet<string>>((get) => {
  const state = get(pluginsAtom);
  return state.status === 'ready' ? new Set(state.channels) : NO_CHANNELS;
});

export interface PluginPage {
  plugin: string;
  page: UiPage;
}

export const pluginPagesAtom = atom<PluginPage[]>((get) =>
  get(loadedPluginsAtom).flatMap((plugin) =>
    (plugin.pages ?? []).map((page) => ({ plugin: plugin.name, page })),
  ),
);
