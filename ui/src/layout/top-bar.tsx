import { Button, Navbar, NavbarDivider, NavbarGroup, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { Trans, useTranslation } from 'react-i18next';
import { isAdmin } from '../plugins/page-access';
import { Slot } from '../plugins/slot';
import { requireUser, userAtom } from '../session/session-store';
import { formatDueDate } from '../session/subscription';
import { AnnouncementsButton } from './announcements-button';
import { BrandMark } from './brand-mark';
import { LanguageMenu } from './language-menu';
import { NotificationsButton } from './notifications-button';
import { PluginPopovers } from './plugin-popovers';
import { RealtimeIndicator } from './realtime-indicator';
import { ThemeToggle } from './theme-toggle';
import { useIsNarrow, useIsWide } from './use-media-query';
import { UserMenu } from './user-menu';
import { VolumeControl } from './volume-control';

interface Props {
  menuOpen: boolean;
  onToggleMenu(): void;
}

/** Spec part 1 §2 "Top bar". */
export function TopBar({ menuOpen, onToggleMenu }: Props) {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const narrow = useIsNarrow();
  const wide = useIsWide();
  const dueDate = formatDueDate(user.company.dueDate);

  return (
    <Navbar className="top-bar">
      <NavbarGroup align="left" className="top-bar__left">
        <Button
          variant="minimal"
          icon="menu"
          aria-label={t('topbar.toggleMenu')}
          aria-expanded={menuOpen}
          data-testid="drawer-toggle"
          onClick={onToggleMenu}
        />
        {!narrow && <BrandMark />}
        {!narrow && <NavbarDivider />}
        <span className="top-bar__greeting" data-testid="greeting">
          <Trans
            i18nKey="topbar.greeting"
            values={{ name: user.name, company: user.company.name }}
            components={{ b: <strong /> }}
          />
        </span>
      </NavbarGroup>
      <NavbarGroup align="right" className="top-bar__right">
        {isAdmin(user) && wide && dueDate && (
          <Tag minimal round icon="calendar" className="top-bar__due" data-testid="due-date">
            {t('topbar.dueDate', { date: dueDate })}
          </Tag>
        )}
        <RealtimeIndicator />
        <Slot id="topbar.items" />
        <PluginPopovers />
        <NotificationsButton />
        <AnnouncementsButton />
        <VolumeControl />
        <ThemeToggle />
        <LanguageMenu compact={narrow} />
        <Button
          variant="minimal"
          icon="refresh"
          aria-label={t('topbar.refresh')}
          title={t('topbar.refresh')}
          data-testid="refresh-button"
          onClick={() => window.location.reload()}
        />
        <UserMenu />
      </NavbarGroup>
    </Navbar>
  );
}
