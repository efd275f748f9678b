import { PLAN_FLAGS, type PlanFlag, type PlanFlags } from '@balcao/sdk';
import { Icons } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, type MenuEntry, menuPathOf, visibleMenu } from './menu';

const ALL_PATHS = MENU_ENTRIES.map((e) => e.path);
const allFlags = (value: boolean): PlanFlags =>
  Object.fromEntries(PLAN_FLAGS.map((f) => [f, value])) as Record<PlanFlag, boolean>;

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

const MAIN_FOR_EVERYONE = [
  '/tickets',
  '/moments',
  '/quick-messages',
  '/kanban',
  '/tagsKanban',
  '/contacts',
  '/schedules',
  '/tags',
  '/chats',
  '/helps',
];
const ADMIN_SECTION = [
  '/campaigns',
  '/contact-lists',
  '/campaigns-config',
  '/announcements',
  '/messages-api',
  '/users',
  '/queues',
  '/prompts',
  '/queue-integration',
  '/connections',
  '/files',
  '/settings',
  '/companies',
];

describe('the spec menu table', () => {
  it('lists exactly the spec entries, in order, main section first', () => {
    expect(ALL_PATHS).toEqual(['/', ...MAIN_FOR_EVERYONE, ...ADMIN_SECTION]);
    expect(MENU_ENTRIES.filter((e) => e.section === 'admin').map((e) => e.path)).toEqual(ADMIN_SECTION);
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
  ])('a %s sees the main entries only, without the dashboard', (_, user) => {
    expect(everything(user)).toEqual(MAIN_FOR_EVERYONE);
  });
});

describe('visibleMenu: plan flags', () => {
  const gated: [PlanFlag, string[]][] = [
    ['useKanban', ['/kanban', '/tagsKanban']],
    ['useSchedules', ['/schedules']],
    ['useInternalChat', ['/chats']],
    ['useCampaigns', ['/campaigns', '/contact-lists', '/campaigns-config']],
    ['useExternalApi', ['/messages-api']],
    ['useOpenAi', ['/prompts']],
    ['useIntegration', ['/queue-integration']],
  ];

  it.each(gated)('without %s the plan hides exactly %j', (flag, hidden) => {
    const plan = { ...allFlags(true), [flag]: false };
    expect(everything(users.superAdmin, plan)).toEqual(ALL_PATHS.filter((p) => !hidden.includes(p)));
  });

  it.each(['useWhatsapp', 'useFacebook', 'useInstagram'] as const)('%s gates no menu entry', (flag) => {
    expect(everything(users.superAdmin, { ...allFlags(true), [flag]: false })).toEqual(ALL_PATHS);
  });

  it('a plan with no flags (or no plan) keeps only the ungated entries', () => {
    const ungated = ALL_PATHS.filter((p) => !gated.some(([, hidden]) => hidden.includes(p)));
    expect(everything(users.superAdmin, allFlags(false))).toEqual(ungated);
    expect(everything(users.superAdmin, null)).toEqual(ungated);
    expect(everything(users.superAdmin, {})).toEqual(ungated);
  });

  it('an agent with every flag off sees the always-on main entries', () => {
    expect(everything(users.agent, allFlags(false))).toEqual([
      '/tickets',
      '/moments',
      '/quick-messages',
      '/contacts',
      '/tags',
      '/helps',
    ]);
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
    const registeredPaths = ['/Kanban', '/TagsKanban', '/chats/:id?', '/connections'];
    expect(paths(visibleMenu({ user: users.admin, plan: allFlags(true), registeredPaths }))).toEqual([
      '/kanban',
      '/tagsKanban',
      '/chats',
      '/connections',
    ]);
  });

  it('still applies gating to registered pages', () => {
    const registeredPaths = ['/tickets', '/kanban', '/users'];
    expect(paths(visibleMenu({ user: users.agent, plan: allFlags(false), registeredPaths }))).toEqual([
      '/tickets',
    ]);
  });
});

describe('visibleMenu: plugin menu entries', () => {
  const pluginEntries: MenuEntry[] = [
    { path: '/hello', labelKey: 'hello:menu', icon: 'hand', section: 'main' },
    { path: '/reports', labelKey: 'reports:menu', icon: 'chart', section: 'admin', adminOnly: true },
    { path: '/kanban', labelKey: 'kanban:menu', icon: 'x', section: 'admin' },
    { path: '/hello', labelKey: 'hello:again', icon: 'hand', section: 'main' },
  ];

  it('appends entries outside the spec table at the end of their section', () => {
    const registeredPaths = ['/tickets', '/users', '/kanban'];
    const entries = visibleMenu({ user: users.admin, plan: allFlags(true), registeredPaths, pluginEntries });
    expect(paths(entries)).toEqual(['/tickets', '/kanban', '/hello', '/users', '/reports']);
    expect(entries.find((e) => e.path === '/kanban')?.labelKey).toBe('menu.kanban');
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
