import { type CorePlanFlag, PLAN_FLAGS, type PlanFlags } from '@balcao/sdk';
import { Icons } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, type MenuEntry, menuPathOf, visibleMenu } from './menu';

const ALL_PATHS = MENU_ENTRIES.map((e) => e.path);
const allFlags = (value: boolean): PlanFlags => {
  const core = Object.fromEntries(PLAN_FLAGS.map((f) => [f, value])) as Record<CorePlanFlag, boolean>;
  return { ...core, flags: { ...core } };
};

const users = {
  agent: { profile: 'user', super: false },
  supervisor: { profile: 'supervisor', super: false },
  admin: { profile: 'admin', super: false },
  superAdmin: { profile: 'admin', super: true },
  superAgent: { profile: 'user', super: true },
};

const paths = (entries: MenuEntry[]) => entries.map((e) => e.path);
const everything = (
  user: (typeof users)[keyof typeof users],
  plan: Partial<PlanFlags> | null = allFlags(true),
) => paths(visibleMenu({ user, plan, registeredPaths: ALL_PATHS }));

const MAIN = ['/tickets', '/moments', '/quick-messages', '/contacts', '/tags', '/helps'];
/** Tempo Real is for admins (its page turns others away), so their menu does not offer it. */
const MAIN_FOR_EVERYONE = MAIN.filter((p) => p !== '/moments');
const ADMIN_SECTION = [
  '/announcements',
  '/users',
  '/queues',
  '/connections',
  '/files',
  '/settings',
  '/companies',
];

describe('the spec menu table', () => {
  it('lists exactly the spec entries, in order, main section first', () => {
    expect(ALL_PATHS).toEqual(['/', ...MAIN, ...ADMIN_SECTION]);
    expect(MENU_ENTRIES.filter((e) => e.section === 'admin').map((e) => e.path)).toEqual(ADMIN_SECTION);
  });

  it('names no plugin path: no entry carries a plan flag (core has none)', () => {
    expect(MENU_ENTRIES.filter((e) => e.planFlag)).toEqual([]);
  });

  it('uses only real Blueprint icons and unique paths', () => {
    for (const entry of MENU_ENTRIES) expect(Icons.isValidIconName(entry.icon), entry.icon).toBe(true);
    expect(new Set(ALL_PATHS).size).toBe(ALL_PATHS.length);
  });
});

describe('visibleMenu: profile and super gating (every page registered, every flag on)', () => {
  it('a super admin sees every entry', () => {
    expect(everything(users.superAdmin)).toEqual(ALL_PATHS);
  });

  it('an admin sees the dashboard and the admin section, but not announcements nor companies', () => {
    expect(everything(users.admin)).toEqual(
      ALL_PATHS.filter((p) => p !== '/announcements' && p !== '/companies'),
    );
  });

  it.each([
    ['agent', users.agent],
    ['supervisor', users.supervisor],
    ['super flag without admin profile', users.superAgent],
  ])('a %s sees the main entries only, without the dashboard and Tempo Real', (_, user) => {
    expect(everything(user)).toEqual(MAIN_FOR_EVERYONE);
  });
});

describe('visibleMenu: plan flags', () => {
  it.each(PLAN_FLAGS)('%s gates no entry of the shell', (flag) => {
    expect(everything(users.superAdmin, { ...allFlags(true), [flag]: false })).toEqual(ALL_PATHS);
  });

  it('a plan with no flags (or no plan) keeps every shell entry', () => {
    expect(everything(users.superAdmin, allFlags(false))).toEqual(ALL_PATHS);
    expect(everything(users.superAdmin, null)).toEqual(ALL_PATHS);
  });

  it('hides a plugin entry whose own plan flag the plan lacks', () => {
    const pluginEntries: MenuEntry[] = [
      {
        path: '/kanban',
        labelKey: 'kanban:menu',
        icon: 'column-layout',
        section: 'main',
        planFlag: 'useKanban',
      },
    ];
    const menu = (plan: Partial<PlanFlags>) =>
      paths(visibleMenu({ user: users.agent, plan, registeredPaths: ['/tickets'], pluginEntries }));
    expect(menu({ useKanban: true })).toEqual(['/tickets', '/kanban']);
    expect(menu({ useKanban: false })).toEqual(['/tickets']);
  });
});

describe('visibleMenu: only registered pages', () => {
  it('shows nothing but Tickets when only the ticket page exists', () => {
    for (const user of Object.values(users)) {
      expect(
        paths(visibleMenu({ user, plan: allFlags(true), registeredPaths: ['/tickets/:ticketId?'] })),
      ).toEqual(['/tickets']);
    }
  });

  it('matches registered route patterns by their static path, case-insensitively', () => {
    const registeredPaths = ['/Contacts', '/Tags', '/settings/:tab?', '/connections'];
    expect(paths(visibleMenu({ user: users.admin, plan: allFlags(true), registeredPaths }))).toEqual([
      '/contacts',
      '/tags',
      '/connections',
      '/settings',
    ]);
  });

  it('still applies gating to registered pages', () => {
    const registeredPaths = ['/tickets', '/settings', '/users'];
    expect(paths(visibleMenu({ user: users.agent, plan: allFlags(false), registeredPaths }))).toEqual([
      '/tickets',
    ]);
  });
});

describe('visibleMenu: plugin menu entries', () => {
  const pluginEntries: MenuEntry[] = [
    { path: '/hello', labelKey: 'hello:menu', icon: 'hand', section: 'main' },
    { path: '/reports', labelKey: 'reports:menu', icon: 'chart', section: 'admin', adminOnly: true },
    { path: '/users', labelKey: 'hijack:menu', icon: 'x', section: 'main' },
    { path: '/hello', labelKey: 'hello:again', icon: 'hand', section: 'main' },
  ];

  it('appends plugin entries at the end of their section; a shell path keeps the shell entry', () => {
    const registeredPaths = ['/tickets', '/users'];
    const entries = visibleMenu({ user: users.admin, plan: allFlags(true), registeredPaths, pluginEntries });
    expect(paths(entries)).toEqual(['/tickets', '/hello', '/users', '/reports']);
    expect(entries.find((e) => e.path === '/users')?.labelKey).toBe('menu.users');
  });

  it('places a plugin entry after the path it names, in declaration order', () => {
    const entries: MenuEntry[] = [
      { path: '/kanban', labelKey: 'k', icon: 'x', section: 'main', after: '/moments' },
      { path: '/tagsKanban', labelKey: 't', icon: 'x', section: 'main', after: '/moments' },
      { path: '/campaigns', labelKey: 'c', icon: 'x', section: 'admin', after: '/nowhere', adminOnly: true },
    ];
    const registeredPaths = ['/tickets', '/moments', '/contacts', '/users'];
    expect(
      paths(visibleMenu({ user: users.admin, plan: {}, registeredPaths, pluginEntries: entries })),
    ).toEqual(['/tickets', '/moments', '/kanban', '/tagsKanban', '/contacts', '/users', '/campaigns']);
  });

  it('gates plugin entries by profile too', () => {
    const entries = visibleMenu({
      user: users.agent,
      plan: allFlags(true),
      registeredPaths: [],
      pluginEntries,
    });
    expect(paths(entries)).toEqual(['/hello']);
  });
});

describe('menuPathOf', () => {
  it('keeps the static part, lower-cased', () => {
    expect(menuPathOf('/')).toBe('/');
    expect(menuPathOf('/tickets/:ticketId?')).toBe('/tickets');
    expect(menuPathOf('/TagsKanban')).toBe('/tagskanban');
    expect(menuPathOf('/campaign/:campaignId/report')).toBe('/campaign');
    expect(menuPathOf('/files/*')).toBe('/files');
  });
});
