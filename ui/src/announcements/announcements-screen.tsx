import { ANNOUNCEMENT_CHANNEL, type AnnouncementDto } from '@balcao/sdk';
import { Button, H3, HTMLTable, Icon, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAlert } from '../forms/delete-alert';
import { useInfiniteScroll } from '../lists/use-infinite-scroll';
import { usePagedList } from '../lists/use-paged-list';
import { toastError, toastSuccess } from '../notify/toaster';
import { useDebounced } from '../tickets/shared/use-debounced';
import { AnnouncementDialog } from './announcement-dialog';
import { deleteAnnouncement, fetchAnnouncementPage } from './announcements-api';
import { PRIORITY_INTENT } from './announcements-live';
import './announcements.css';

/**
 * /announcements (spec part 2 §2, super users): every announcement, active or not, newest first, with search and
 * infinite scroll; add, edit and delete. Live over `company-announcement`.
 */
export function AnnouncementsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const list = usePagedList(fetchAnnouncementPage, useDebounced(search), ANNOUNCEMENT_CHANNEL);
  const scroll = useInfiniteScroll(list);
  const [editing, setEditing] = useState<AnnouncementDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<AnnouncementDto | null>(null);

  const handleDelete = async () => {
    const record = doomed;
    setDoomed(null);
    if (!record) return;
    try {
      await deleteAnnouncement(record.id);
      toastSuccess(t('announcementsPage.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="list-screen" data-testid="announcements-screen">
      <header className="page-header">
        <H3 className="page-header__title">{t('announcementsPage.title')}</H3>
        <div className="announcements-screen__tools">
          <InputGroup
            leftIcon="search"
            type="search"
            placeholder={t('announcementsPage.search')}
            aria-label={t('announcementsPage.search')}
            value={search}
            onValueChange={setSearch}
            data-testid="announcements-search"
          />
          <Button
            intent="primary"
            icon="add"
            text={t('announcementsPage.add')}
            onClick={() => setEditing('new')}
            data-testid="announcements-add"
          />
        </div>
      </header>
      <div className="list-screen__body" ref={scroll.ref} onScroll={scroll.onScroll}>
        <HTMLTable compact striped className="list-screen__table" data-testid="announcements-table">
          <thead>
            <tr>
              <th>{t('announcementsPage.titleField')}</th>
              <th>{t('announcementsPage.priority')}</th>
              <th>{t('announcementsPage.status')}</th>
              <th>{t('announcementsPage.image')}</th>
              <th>{t('announcementsPage.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((a) => (
              <tr key={a.id} data-testid={`announcement-row-${a.id}`}>
                <td className="announcements-screen__title">{a.title}</td>
                <td>
                  <Tag round minimal intent={PRIORITY_INTENT[a.priority]}>
                    {t(`announcementsPage.priorities.${a.priority}`)}
                  </Tag>
                </td>
                <td>{t(a.status ? 'announcementsPage.active' : 'announcementsPage.inactive')}</td>
                <td>
                  {a.mediaName ? (
                    <span title={a.mediaName}>
                      <Icon icon="media" aria-label={a.mediaName} />
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="list-screen__actions">
                  <Button
                    variant="minimal"
                    icon="edit"
                    aria-label={t('announcementsPage.edit')}
                    title={t('announcementsPage.edit')}
                    onClick={() => setEditing(a)}
                    data-testid={`announcement-edit-${a.id}`}
                  />
                  <Button
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('announcementsPage.delete.action')}
                    title={t('announcementsPage.delete.action')}
                    onClick={() => setDoomed(a)}
                    data-testid={`announcement-delete-${a.id}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {!list.loading && list.items.length === 0 && (
          <p className="bp6-text-muted list-screen__empty">{t('announcementsPage.empty')}</p>
        )}
      </div>
      {editing && (
        <AnnouncementDialog record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <DeleteAlert
        ns="announcementsPage"
        doomed={doomed && { name: doomed.title }}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void handleDelete()}
      />
    </div>
  );
}
