import type { TagDto } from '@balcao/sdk';
import { DeleteConfirmation, ListPage, useUiHost } from '@balcao/sdk/ui';
import { Button, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chipStyle } from './board-rules';
import { LaneTagDialog } from './lane-tag-dialog';
import { useKanbanTags } from './use-kanban-tags';
import './kanban.css';

/**
 * /TagsKanban (spec part 2 §2): the kanban tags with their count in the title, search, add, a table of name chips
 * in their colour with ticket counts, edit and delete, and infinite scroll. Core's tag calls, with `kanban: 1`.
 */
export function TagsKanbanPage() {
  const { t } = useTranslation('kanban');
  const { api, toastError, toastSuccess } = useUiHost();
  const [search, setSearch] = useState('');
  const list = useKanbanTags(search);
  const [editing, setEditing] = useState<TagDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<TagDto | null>(null);

  const handleDelete = async () => {
    const tag = doomed;
    setDoomed(null);
    if (!tag) return;
    try {
      await api.delete(`/tags/${tag.id}`);
      toastSuccess(t('tagsPage.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const actions = (
    <div className="kanban-tags__tools">
      <InputGroup
        leftIcon="search"
        type="search"
        placeholder={t('tagsPage.search')}
        aria-label={t('tagsPage.search')}
        value={search}
        onValueChange={setSearch}
        data-testid="kanban-tags-search"
      />
      <Button
        intent="primary"
        icon="add"
        text={t('tagsPage.add')}
        onClick={() => setEditing('new')}
        data-testid="kanban-tags-add"
      />
    </div>
  );

  // The dialogs sit beside the list, not in it: ListPage shows its empty state instead of its children, and the first
  // kanban tag is added from that empty state.
  return (
    <>
      <ListPage
        title={t('tagsPage.title')}
        count={list.total}
        actions={actions}
        empty={!list.loading && list.items.length === 0 ? t('tagsPage.empty') : null}
        testId="kanban-tags-page"
      >
        <div className="kanban-tags__scroll" onScroll={(e) => list.onScroll(e.currentTarget)}>
          <HTMLTable compact striped className="kanban-tags__table" data-testid="kanban-tags-table">
            <thead>
              <tr>
                <th>{t('tagsPage.name')}</th>
                <th className="kanban-tags__count">{t('tagsPage.tickets')}</th>
                <th className="kanban-tags__actions">{t('tagsPage.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((tag) => (
                <tr key={tag.id} data-testid={`kanban-tag-row-${tag.id}`}>
                  <td>
                    <Tag round style={chipStyle(tag.color)}>
                      {tag.name}
                    </Tag>
                  </td>
                  <td className="kanban-tags__count" data-testid="kanban-tag-tickets">
                    {tag.ticketsCount ?? 0}
                  </td>
                  <td className="kanban-tags__actions">
                    <Button
                      variant="minimal"
                      icon="edit"
                      aria-label={t('tagsPage.edit')}
                      title={t('tagsPage.edit')}
                      onClick={() => setEditing(tag)}
                      data-testid={`kanban-tag-edit-${tag.id}`}
                    />
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon="trash"
                      aria-label={t('tagsPage.delete.action')}
                      title={t('tagsPage.delete.action')}
                      onClick={() => setDoomed(tag)}
                      data-testid={`kanban-tag-delete-${tag.id}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </ListPage>
      {editing && <LaneTagDialog tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteConfirmation
        ns="kanban:tagsPage"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void handleDelete()}
      />
    </>
  );
}
