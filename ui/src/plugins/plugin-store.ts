import { type ChannelInfo, type ChannelTraits, channelTraits } from '@balcao/sdk';
import type { UiPage, UiPluginDefinition } from '@balcao/sdk/ui';
import { atom } from 'jotai';

export type PluginsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | {
      status: 'ready';
      enabled: string[];
      channels: string[];
      /** The traits each channel's plugin declares (GET /api/plugins). */
      channelTraits: ChannelInfo[];
      loaded: UiPluginDefinition[];
    };

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

const NO_TRAITS: ReadonlyMap<string, ChannelTraits> = new Map();

/** Declared traits by channel kind; a kind absent here (no plugin of the tenant's provides it) has the defaults. */
export const channelTraitsAtom = atom<ReadonlyMap<string, ChannelTraits>>((get) => {
  const state = get(pluginsAtom);
  return state.status === 'ready' ? new Map(state.channelTraits.map((c) => [c.kind, c.traits])) : NO_TRAITS;
});

/**
 * A channel's traits as the UI decides by them (never by the channel's name): declared, else the defaults.
 * @example traitsOf(declared, contact.channel).contactAddress === 'visitor'
 */
export const traitsOf = (declared: ReadonlyMap<string, ChannelTraits>, kind: string): ChannelTraits =>
  declared.get(kind) ?? channelTraits(undefined);

export interface PluginPage {
  plugin: string;
  page: UiPage;
}

export const pluginPagesAtom = atom<PluginPage[]>((get) =>
  get(loadedPluginsAtom).flatMap((plugin) =>
    (plugin.pages ?? []).map((page) => ({ plugin: plugin.name, page })),
  ),
);
