import { companyChannel, type TagDto } from '@balcao/sdk';
import { Button, H3, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAlert } from '../forms/delete-alert';
import { useInfiniteScroll } from '../lists/use-infinite-scroll';
import { usePagedList } from '../lists/use-paged-list';
import { toastError, toastSuccess } from '../notify/toaster';
import { requireUser, userAtom } from '../session/session-store';
import { useDebounced } from '../tickets/shared/use-debounced';
import { TagDialog } from './tag-dialog';
import { deleteTag, fetchTagPage } from './tags-api';
import './tags.css';
import { colorChipStyle } from '../theme/color-chip';

/**
 * /tags (spec part 2 §2 "Tags and kanban tags"): the company's tags with search (500 ms), infinite scroll, a chip in
 * each tag's colour and its contact count; add, edit and delete. Live over `company-{id}-tag`.
 */
export function TagsScreen() {
  const { t } = useTranslation();
  const me = requireUser(useAtomValue(userAtom));
  const [search, setSearch] = useState('');
  const list = usePagedList(fetchTagPage, useDebounced(search), companyChannel(me.companyId, 'tag'));
  const scroll = useInfiniteScroll(list);
  const [editing, setEditing] = useState<TagDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<TagDto | null>(null);

  const handleDelete = async () => {
    const tag = doomed;
    setDoomed(null);
    if (!tag) return;
    try {
      await deleteTag(tag.id);
      toastSuccess(t('tagsPage.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="list-screen" data-testid="tags-screen">
      <header className="page-header">
        <H3 className="page-header__title">{t('tagsPage.title')}</H3>
        <div className="tags-screen__tools">
          <InputGroup
            leftIcon="search"
            type="search"
            placeholder={t('tagsPage.search')}
            aria-label={t('tagsPage.search')}
            value={search}
            onValueChange={setSearch}
            data-testid="tags-search"
          />
          <Button
            intent="primary"
            icon="add"
            text={t('tagsPage.add')}
            onClick={() => setEditing('new')}
            data-testid="tags-add"
          />
        </div>
      </header>
      <div className="list-screen__body" ref={scroll.ref} onScroll={scroll.onScroll}>
        <HTMLTable compact striped className="list-screen__table" data-testid="tags-table">
          <thead>
            <tr>
              <th>{t('tagsPage.name')}</th>
              <th className="tags-screen__count">{t('tagsPage.contacts')}</th>
              <th className="tags-screen__actions">{t('tagsPage.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((tag) => (
              <tr key={tag.id} data-testid={`tag-row-${tag.id}`}>
                <td>
                  <Tag
                    round
                    className="tags-screen__chip"
                    style={colorChipStyle(tag.color)}
                    data-testid="tag-chip"
                  >
                    {tag.name}
                  </Tag>
                </td>
                <td className="tags-screen__count" data-testid="tag-contacts">
                  {tag.contactsCount ?? 0}
                </td>
                <td className="list-screen__actions tags-screen__actions">
                  <Button
                    variant="minimal"
                    icon="edit"
                    aria-label={t('tagsPage.edit')}
                    title={t('tagsPage.edit')}
                    onClick={() => setEditing(tag)}
                    data-testid={`tag-edit-${tag.id}`}
                  />
                  <Button
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('tagsPage.delete.action')}
                    title={t('tagsPage.delete.action')}
                    onClick={() => setDoomed(tag)}
                    data-testid={`tag-delete-${tag.id}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {!list.loading && list.items.length === 0 && (
          <p className="bp6-text-muted list-screen__empty">{t('tagsPage.empty')}</p>
        )}
      </div>
      {editing && <TagDialog tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteAlert
        ns="tagsPage"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void handleDelete()}
        textTestId="tag-delete-text"
      />
    </div>
  );
}
