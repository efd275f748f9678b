import { describe, expect, it, vi } from 'vitest';
import { canAccessPage } from './page-access';
import {
  DISCOVERED_PLUGINS,
  isUiPluginDefinition,
  loadDisabledPlugins,
  loadPlugins,
  pluginDirOf,
} from './registry';

const entry = (name: string) => vi.fn(async () => ({ default: { name, pages: [], slots: {} } }));

describe('plugin registry', () => {
  it('leaves the example plugins out of a build made without BALCAO_EXAMPLES=1', () => {
    expect(Object.keys(DISCOVERED_PLUGINS).filter((p) => p.includes('/examples/'))).toEqual([]);
  });

  it('reads the plugin folder from the glob path', () => {
    expect(pluginDirOf('../../../plugins/kanban/ui/index.tsx')).toBe('kanban');
    expect(pluginDirOf('../../../examples/hello/ui/index.tsx')).toBe('hello');
    expect(pluginDirOf('elsewhere.tsx')).toBeNull();
  });

  it('loads only the tenant’s plugins, in the server’s order, without touching the others', async () => {
    const kanban = entry('kanban');
    const campaigns = entry('campaigns');
    const hello = entry('hello');
    const loaders = {
      '../../../plugins/campaigns/ui/index.tsx': campaigns,
      '../../../plugins/kanban/ui/index.tsx': kanban,
      '../../../examples/hello/ui/index.tsx': hello,
    };
    const loaded = await loadPlugins(['kanban', 'campaigns'], loaders);
    expect(loaded.map((p) => p.name)).toEqual(['kanban', 'campaigns']);
    expect(hello).not.toHaveBeenCalled();
  });

  it('finds a plugin whose folder differs from its name, and skips broken entries', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loaders = {
      '../../../plugins/odd-folder/ui/index.tsx': entry('typebot'),
      '../../../plugins/broken/ui/index.tsx': vi.fn(async () => {
        throw new Error('boom');
      }),
      '../../../plugins/no-default/ui/index.tsx': vi.fn(async () => ({ something: 1 })),
    };
    const loaded = await loadPlugins(['typebot', 'broken', 'no-default'], loaders);
    expect(loaded.map((p) => p.name)).toEqual(['typebot']);
    expect(error).toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    error.mockRestore();
    warn.mockRestore();
  });

  it('lists the built but disabled plugins for the permission message', async () => {
    const loaders = {
      '../../../plugins/kanban/ui/index.tsx': entry('kanban'),
      '../../../plugins/campaigns/ui/index.tsx': entry('campaigns'),
    };
    const disabled = await loadDisabledPlugins(['kanban'], loaders);
    expect(disabled.map((p) => p.name)).toEqual(['campaigns']);
  });

  it('validates the default export shape', () => {
    expect(isUiPluginDefinition({ name: 'x' })).toBe(true);
    expect(isUiPluginDefinition({ name: '' })).toBe(false);
    expect(isUiPluginDefinition({ name: 'x', pages: {} })).toBe(false);
    expect(isUiPluginDefinition({ name: 'x', connectionChannels: [{ channel: 'webchat' }] })).toBe(true);
    expect(isUiPluginDefinition({ name: 'x', connectionChannels: 'webchat' })).toBe(false);
    expect(isUiPluginDefinition(null)).toBe(false);
  });
});

describe('plugin page access', () => {
  const admin = { profile: 'admin', super: false };
  const agent = { profile: 'user', super: false };
  const root = { profile: 'admin', super: true };

  it('respects profile: admin and superOnly', () => {
    expect(canAccessPage({}, agent)).toBe(true);
    expect(canAccessPage({ profile: 'admin' }, agent)).toBe(false);
    expect(canAccessPage({ profile: 'admin' }, admin)).toBe(true);
    expect(canAccessPage({ superOnly: true }, admin)).toBe(false);
    expect(canAccessPage({ superOnly: true, profile: 'admin' }, root)).toBe(true);
  });
});
