import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../session/session-actions';
import { requireUser, userAtom } from '../session/session-store';
import { ProfileDialog } from './profile-dialog';
import { UserAvatar } from './user-avatar';

/** Avatar menu: profile and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = requireUser(useAtomValue(userAtom));
  const [profileOpen, setProfileOpen] = useState(false);

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const menu = (
    <Menu>
      <MenuDivider title={<span className="user-menu__email">{user.email}</span>} />
      <MenuItem
        icon="person"
        text={t('userMenu.profile')}
        data-testid="profile-item"
        onClick={() => setProfileOpen(true)}
      />
      <MenuItem
        icon="log-out"
        intent="danger"
        text={t('userMenu.logout')}
        data-testid="logout-item"
        onClick={() => void handleLogout()}
      />
    </Menu>
  );

  return (
    <>
      <PopoverNext content={menu} placement="bottom-end">
        <Button
          className="avatar-button"
          intent="primary"
          aria-label={t('topbar.userMenu')}
          title={user.name}
          data-testid="avatar-menu"
        >
          <UserAvatar name={user.name} image={user.profileImage} size={32} />
        </Button>
      </PopoverNext>
      {profileOpen && <ProfileDialog user={user} onClose={() => setProfileOpen(false)} />}
    </>
  );
}
