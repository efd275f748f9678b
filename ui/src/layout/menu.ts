import { type PlanFlag, type PlanFlags, planHas } from '@balcao/sdk';
import type { IconName } from '@blueprintjs/core';
import { type AccessUser, isAdmin } from '../plugins/page-access';

export type MenuSection = 'main' | 'admin';

/** One drawer entry and who may see it. */
export interface MenuEntry {
  path: string;
  labelKey: string;
  /** A Blueprint icon name (plugin entries may declare any string; unknown names fall back). */
  icon: string;
  section: MenuSection;
  /** Profile admin only. */
  adminOnly?: boolean;
  /** Super user only. */
  superOnly?: boolean;
  /** The plan must have this flag. */
  planFlag?: PlanFlag;
  /** Plugin entries: the menu path this entry follows (in its section); left out or absent: the section's end. */
  after?: string;
}

interface SpecEntry extends MenuEntry {
  icon: IconName;
}

const admin = { section: 'admin', adminOnly: true } as const;

/**
 * Spec part 1 §2 "Side menu", in order, for the pages the shell itself ships (core has no plan flags). Plugin pages
 * (kanban, campaigns, schedules, internal chat, the messages API, prompts, queue integrations …) carry their own menu
 * entry, icon, plan flag and profile, placed `after` one of these paths: this table names no plugin path. Entries show
 * only once a page is registered for their path.
 */
export const MENU_ENTRIES: readonly SpecEntry[] = [
  { path: '/', labelKey: 'menu.dashboard', icon: 'dashboard', section: 'main', adminOnly: true },
  { path: '/tickets', labelKey: 'menu.tickets', icon: 'inbox', section: 'main' },
  // The spec lists Tempo Real for everyone, but its page is for admins: the menu offers only what the user may open.
  { path: '/moments', labelKey: 'menu.moments', icon: 'grid-view', section: 'main', adminOnly: true },
  { path: '/quick-messages', labelKey: 'menu.quickMessages', icon: 'lightning', section: 'main' },
  { path: '/contacts', labelKey: 'menu.contacts', icon: 'id-number', section: 'main' },
  { path: '/tags', labelKey: 'menu.tags', icon: 'tag', section: 'main' },
  { path: '/helps', labelKey: 'menu.helps', icon: 'help', section: 'main' },
  { path: '/announcements', labelKey: 'menu.announcements', icon: 'info-sign', ...admin, superOnly: true },
  { path: '/users', labelKey: 'menu.users', icon: 'people', ...admin },
  { path: '/queues', labelKey: 'menu.queues', icon: 'flows', ...admin },
  { path: '/connections', labelKey: 'menu.connections', icon: 'mobile-phone', ...admin },
  { path: '/files', labelKey: 'menu.files', icon: 'folder-open', ...admin },
  { path: '/settings', labelKey: 'menu.settings', icon: 'settings', ...admin },
  { path: '/companies', labelKey: 'menu.companies', icon: 'office', ...admin, superOnly: true },
];

/** Route pattern → menu path: static part only, lower-cased (`/Tickets/:ticketId?` → `/tickets`). */
export function menuPathOf(path: string): string {
  const segments = path.split('/').filter((s) => s !== '');
  const firstParam = segments.findIndex((s) => /^[:*]/.test(s));
  const staticPart = firstParam === -1 ? segments : segments.slice(0, firstParam);
  return `/${staticPart.join('/')}`.toLowerCase();
}

export interface VisibleMenuInput {
  user: AccessUser;
  /** The company's plan flags (missing flags count as off). */
  plan: Partial<PlanFlags> | null | undefined;
  /** Paths with a page the user may open: core pages plus loaded plugin pages. */
  registeredPaths: Iterable<string>;
  /** Menu declarations of plugin pages; those outside the spec table are appended in their section. */
  pluginEntries?: readonly MenuEntry[];
}

function isAllowed(entry: MenuEntry, user: AccessUser, plan: Partial<PlanFlags> | null | undefined): boolean {
  if (entry.adminOnly && !isAdmin(user)) return false;
  if (entry.superOnly && !user.super) return false;
  if (entry.planFlag && !planHas(plan, entry.planFlag)) return false;
  return true;
}

/** Places each plugin entry after the entry it names (`after`), else at the end of the list. */
function placed(base: readonly MenuEntry[], extras: readonly MenuEntry[]): MenuEntry[] {
  const out = [...base];
  for (const extra of extras) {
    const anchor = extra.after ? menuPathOf(extra.after) : null;
    let at = anchor ? out.findIndex((e) => menuPathOf(e.path) === anchor) : -1;
    if (at === -1) {
      out.push(extra);
      continue;
    }
    // After the anchor and the plugin entries already placed behind it, so declarations keep their order.
    while (at + 1 < out.length && out[at + 1].after && menuPathOf(out[at + 1].after ?? '') === anchor) at++;
    out.splice(at + 1, 0, extra);
  }
  return out;
}

/** The drawer entries this user may see, main section first, never a link without a page behind it. */
export function visibleMenu({
  user,
  plan,
  registeredPaths,
  pluginEntries = [],
}: VisibleMenuInput): MenuEntry[] {
  const registered = new Set([...registeredPaths].map(menuPathOf));
  const specPaths = new Set(MENU_ENTRIES.map((e) => menuPathOf(e.path)));
  const fromSpec = MENU_ENTRIES.filter((e) => registered.has(menuPathOf(e.path)) && isAllowed(e, user, plan));
  const seen = new Set<string>();
  const extras = pluginEntries.filter((e) => {
    const path = menuPathOf(e.path);
    if (specPaths.has(path) || seen.has(path) || !isAllowed(e, user, plan)) return false;
    seen.add(path);
    return true;
  });
  const inSection = (section: MenuSection) => (e: MenuEntry) => e.section === section;
  return [
    ...placed(fromSpec.filter(inSection('main')), extras.filter(inSection('main'))),
    ...placed(fromSpec.filter(inSection('admin')), extras.filter(inSection('admin'))),
  ];
}
