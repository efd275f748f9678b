import { companyChannel, type UserDto } from '@balcao/sdk';
import { Button, H3, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAlert } from '../forms/delete-alert';
import { UserAvatar } from '../layout/user-avatar';
import { useInfiniteScroll } from '../lists/use-infinite-scroll';
import { usePagedList } from '../lists/use-paged-list';
import { toastError, toastSuccess } from '../notify/toaster';
import { requireUser, userAtom } from '../session/session-store';
import { useDebounced } from '../tickets/shared/use-debounced';
import { UserDialog } from './user-dialog';
import { deleteUser, fetchUserPage } from './users-api';
import './users.css';
import { CountTag } from '../lists/count-tag';

/**
 * /users (spec part 1 §2 Users screen, admin): searchable list with infinite scroll, add button, edit and delete per
 * row; columns ID, status, avatar, name, email, profile, start work, end work, actions.
 */
export function UsersScreen() {
  const { t } = useTranslation();
  const me = requireUser(useAtomValue(userAtom));
  const [search, setSearch] = useState('');
  const list = usePagedList(fetchUserPage, useDebounced(search), companyChannel(me.companyId, 'user'));
  const [editing, setEditing] = useState<UserDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<UserDto | null>(null);

  const scroll = useInfiniteScroll(list);

  const handleDelete = async () => {
    const user = doomed;
    setDoomed(null);
    if (!user) return;
    try {
      await deleteUser(user.id);
      toastSuccess(t('users.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="list-screen" data-testid="users-screen">
      <header className="page-header">
        <H3 className="page-header__title">
          {t('users.title')}
          <CountTag count={list.count} loaded={list.loaded} testId="users-count" />
        </H3>
        <div className="users-screen__tools">
          <InputGroup
            leftIcon="search"
            type="search"
            placeholder={t('users.search')}
            aria-label={t('users.search')}
            value={search}
            onValueChange={setSearch}
            data-testid="users-search"
          />
          <Button
            intent="primary"
            icon="add"
            text={t('users.add')}
            onClick={() => setEditing('new')}
            data-testid="users-add"
          />
        </div>
      </header>
      <div className="list-screen__body" ref={scroll.ref} onScroll={scroll.onScroll}>
        <HTMLTable compact striped interactive className="list-screen__table" data-testid="users-table">
          <thead>
            <tr>
              <th>{t('users.columns.id')}</th>
              <th>{t('users.columns.status')}</th>
              <th aria-label={t('users.columns.avatar')} />
              <th>{t('users.name')}</th>
              <th>{t('users.email')}</th>
              <th>{t('users.profile')}</th>
              <th>{t('users.startWork')}</th>
              <th>{t('users.endWork')}</th>
              <th>{t('users.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((u) => (
              <tr key={u.id} data-testid={`user-row-${u.id}`}>
                <td>{u.id}</td>
                <td>
                  <Tag round minimal intent={u.online ? 'success' : 'none'} data-testid="user-status">
                    {t(u.online ? 'users.online' : 'users.offline')}
                  </Tag>
                </td>
                <td>
                  <UserAvatar name={u.name} image={u.profileImage} size={28} />
                </td>
                <td>{u.name}</td>
                <td>{u.email}</td>
                <td>{t(`users.profiles.${u.profile}`)}</td>
                <td>{u.startWork}</td>
                <td>{u.endWork}</td>
                <td className="list-screen__actions">
                  <Button
                    variant="minimal"
                    icon="edit"
                    aria-label={t('users.edit')}
                    title={t('users.edit')}
                    onClick={() => setEditing(u)}
                    data-testid={`user-edit-${u.id}`}
                  />
                  <Button
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('users.delete.action')}
                    title={t('users.delete.action')}
                    disabled={u.id === me.id}
                    onClick={() => setDoomed(u)}
                    data-testid={`user-delete-${u.id}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {!list.loading && list.items.length === 0 && (
          <p className="bp6-text-muted list-screen__empty">{t('users.empty')}</p>
        )}
      </div>
      {editing && <UserDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteAlert
        ns="users"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void handleDelete()}
      />
    </div>
  );
}
