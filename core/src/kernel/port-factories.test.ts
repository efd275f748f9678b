import { definePlugin } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { CORE_MODULES } from '../modules/registry.js';
import { Host } from './host.js';
import { createLogger } from './logger.js';
import { defineModule } from './module.js';
import { PluginHost } from './plugin-host.js';
import { type DepsKeys, KERNEL_PORTS, PORT_KEYS, pluginPorts, withServices } from './plugin-ports.js';
import { collectPortFactories } from './port-factories.js';

// The kernel builds no module's port itself: each core module registers its ports by key (its definition's `ports`),
// and the kernel's own (em, logger, realtime …) sit beside them in one table.

const logger = createLogger('silent');
const sources = [
  { owner: 'the kernel', ports: KERNEL_PORTS },
  ...CORE_MODULES.map((m) => ({ owner: `core module ${m.name}`, ports: m.ports })),
];

describe('port factories', () => {
  it('the kernel and the core modules together provide every port a plugin may require, each once', () => {
    expect(Object.keys(collectPortFactories(sources)).sort()).toEqual([...PORT_KEYS].sort());
  });

  it('the kernel provides only ports of its own singletons; the domain ports come from their modules', () => {
    // `viewer` only composes what modules register in the scope (viewerTickets, viewerContacts): kernel/viewer-port.ts.
    // `texts` is the shell's locale files, read once (core/src/texts/shell-texts.ts): no module owns them.
    expect(Object.keys(KERNEL_PORTS).sort()).toEqual(
      ['em', 'events', 'http', 'jobs', 'logger', 'realtime', 'spreadsheets', 'sql', 'texts', 'viewer'].sort(),
    );
    const owner = (key: string) => sources.find((s) => s.ports && key in s.ports)?.owner;
    expect(owner('tickets')).toBe('core module tickets');
    expect(owner('connections')).toBe('core module sessions');
  });

  it('refuses a port two parts provide, naming both', () => {
    const a = defineModule({ name: 'a', ports: { queues: () => ({}) as never } });
    const b = defineModule({ name: 'b', ports: { queues: () => ({}) as never } });
    expect(() =>
      collectPortFactories([
        { owner: 'core module a', ports: a.ports },
        { owner: 'core module b', ports: b.ports },
      ]),
    ).toThrow('port queues is provided by core module a and by core module b');
    expect(() => new Host([a, b], new PluginHost([], logger))).toThrow('port queues is provided by');
  });

  it('disables a plugin that requires a port no core module provides (and keeps the others)', () => {
    const needsTickets = definePlugin({ name: 'needs-tickets', requires: ['tickets'] as const });
    const needsLogger = definePlugin({ name: 'needs-logger', requires: ['logger'] as const });
    const plugins = new PluginHost([needsTickets, needsLogger], logger);
    new Host([defineModule({ name: 'plans', planGate: () => ({}) as never })], plugins);
    expect(plugins.loaded.map((p) => p.name)).toEqual(['needs-logger']);
    expect(plugins.failures).toEqual([
      { name: 'needs-tickets', error: 'requires the port tickets, which no core module provides' },
    ]);
  });
});

describe('a plugin’s ports', () => {
  it('are built when first read, once, and a copy of them shares what was built', () => {
    const built: string[] = [];
    const factories = {
      tickets: () => {
        built.push('tickets');
        return { name: 'tickets port' };
      },
      contacts: () => {
        built.push('contacts');
        return { name: 'contacts port' };
      },
    } as never;
    const plugin = definePlugin({ name: 'reads-one', requires: ['tickets', 'contacts'] as const });
    const ports = pluginPorts(plugin as never, {} as never, {} as never, 1, factories) as Record<
      string,
      unknown
    >;
    // A subscriber built for an event that returns early builds nothing.
    expect(Object.keys(ports)).toEqual(['tickets', 'contacts']);
    expect(built).toEqual([]);
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(ports)) as Record<
      string,
      unknown
    >;
    expect(copy.tickets).toEqual({ name: 'tickets port' });
    expect(ports.tickets).toBe(copy.tickets);
    expect(built).toEqual(['tickets']);
  });
});

describe('a plugin’s services', () => {
  it('are built when one is first read, once per deps, and a subscriber that reads none builds none', () => {
    let builds = 0;
    const plugin = definePlugin({
      name: 'with-services',
      requires: ['tickets'] as const,
      services: (ports) => {
        builds++;
        return { reports: { ports, n: builds }, settings: { n: builds } };
      },
    });
    const keys = new Map<string, DepsKeys>();
    const ports = { tickets: { name: 'tickets port' } } as never;
    // The first deps of the plugin builds them, to learn their names.
    const first = withServices(plugin as never, ports, keys);
    expect(builds).toBe(1);
    expect([...(keys.get('with-services')?.services ?? [])]).toEqual(['reports', 'settings']);
    expect(Object.keys(first)).toEqual(['tickets', 'reports', 'settings']);
    // Later ones build them when one is read: an event's subscriber that returns early builds none.
    const early = withServices(plugin as never, ports, keys);
    expect(Object.keys(early)).toEqual(['tickets', 'reports', 'settings']);
    expect(early.tickets).toEqual({ name: 'tickets port' });
    expect(builds).toBe(1);
    const used = withServices(plugin as never, ports, keys) as Record<string, { n: number; ports?: unknown }>;
    expect(used.settings.n).toBe(2);
    expect(used.reports.n).toBe(2);
    expect(used.reports.ports).toBe(ports);
    expect(builds).toBe(2);
    // A copy (spread) reads them all, from the one build; what a plugin sets on its deps stays set.
    const copy = { ...used };
    expect(copy.reports).toBe(used.reports);
    used.settings = { n: 99 };
    expect(used.settings).toEqual({ n: 99 });
    expect(builds).toBe(2);
  });

  it('leave a plugin without services its ports alone', () => {
    const plugin = definePlugin({ name: 'no-services', requires: ['tickets'] as const });
    const deps = withServices(plugin as never, { tickets: 1 } as never, new Map());
    expect(deps).toEqual({ tickets: 1 });
  });
});

describe('the plan gate', () => {
  it('comes from the one core module that provides it; none or two stop the boot', () => {
    const gate = { allows: async () => true } as never;
    const host = new Host([defineModule({ name: 'p', planGate: () => gate })], new PluginHost([], logger));
    expect(host.planGate({} as never)).toBe(gate);
    expect(() =>
      new Host([defineModule({ name: 'x' })], new PluginHost([], logger)).planGate({} as never),
    ).toThrow('one core module must provide the plan gate (found none)');
    const two = [
      defineModule({ name: 'p', planGate: () => gate }),
      defineModule({ name: 'q', planGate: () => gate }),
    ];
    expect(() => new Host(two, new PluginHost([], logger)).planGate({} as never)).toThrow('(found p, q)');
  });

  it('is the plans module’s', () => {
    expect(CORE_MODULES.filter((m) => m.planGate).map((m) => m.name)).toEqual(['plans']);
  });
});
