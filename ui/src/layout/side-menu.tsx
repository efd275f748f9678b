import { Icon, type IconName, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { canAccessPage } from '../plugins/page-access';
import { type PluginPage, pluginPagesAtom } from '../plugins/plugin-store';
import { CORE_PAGE_PATHS } from '../routes/core-pages';
import { requireUser, userAtom } from '../session/session-store';
import { connectionStatusesAtom, hasConnectionWarning } from './connection-warning';
import { type MenuEntry, menuPathOf, visibleMenu } from './menu';
import { useVersion } from './use-version';

const iconOf = (name: string): IconName => (Icons.isValidIconName(name) ? name : 'application');

/** Static link target of a route pattern (`/reports/:id?` → `/reports`), keeping its case. */
const linkPathOf = (path: string): string => path.slice(0, menuPathOf(path).length) || '/';

function pluginEntries(pages: PluginPage[]): MenuEntry[] {
  return pages.flatMap(({ page }) =>
    page.menu
      ? [
          {
            path: linkPathOf(page.path),
            labelKey: page.menu.labelKey,
            icon: page.menu.icon,
            section: page.menu.section,
            adminOnly: page.profile === 'admin',
            superOnly: page.superOnly,
            planFlag: page.planFlag,
            after: page.menu.after,
          },
        ]
      : [],
  );
}

function isActive(path: string, pathname: string): boolean {
  const here = pathname.toLowerCase();
  const target = path.toLowerCase();
  return target === '/' ? here === '/' : here === target || here.startsWith(`${target}/`);
}

interface Props {
  /** Icons only (the persistent drawer when closed). */
  collapsed?: boolean;
  /** Called after a navigation (the temporary drawer closes). */
  onNavigate?(): void;
}

export function SideMenu({ collapsed = false, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = requireUser(useAtomValue(userAtom));
  const pages = useAtomValue(pluginPagesAtom);
  const connectionWarning = hasConnectionWarning(useAtomValue(connectionStatusesAtom));
  const version = useVersion();

  const entries = useMemo(() => {
    const accessible = pages.filter(({ page }) => canAccessPage(page, user));
    return visibleMenu({
      user,
      plan: user.company.plan,
      registeredPaths: [...CORE_PAGE_PATHS, ...accessible.map(({ page }) => page.path)],
      pluginEntries: pluginEntries(accessible),
    });
  }, [pages, user]);

  const renderEntry = (entry: MenuEntry) => {
    const label = t(entry.labelKey);
    const warn = entry.path === '/connections' && connectionWarning;
    return (
      <MenuItem
        key={entry.path}
        href={entry.path}
        icon={iconOf(entry.icon)}
        text={collapsed ? undefined : label}
        aria-label={label}
        title={collapsed ? label : undefined}
        active={isActive(entry.path, pathname)}
        data-testid={`menu-${entry.path}`}
        labelElement={
          warn ? <Icon icon="warning-sign" intent="warning" title={t('menu.connectionWarning')} /> : undefined
        }
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          navigate(entry.path);
          onNavigate?.();
        }}
      />
    );
  };

  const main = entries.filter((e) => e.section === 'main');
  const admin = entries.filter((e) => e.section === 'admin');

  return (
    <nav className={collapsed ? 'side-menu side-menu--collapsed' : 'side-menu'} data-testid="drawer">
      <Menu className="side-menu__list">
        {main.map(renderEntry)}
        {admin.length > 0 && <MenuDivider title={collapsed ? undefined : t('menu.adminSection')} />}
        {admin.map(renderEntry)}
      </Menu>
      {version && !collapsed && (
        <div className="side-menu__footer" data-testid="app-version">
          {t('menu.version', { version })}
        </div>
      )}
    </nav>
  );
}
