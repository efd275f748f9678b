import { DeleteConfirmation, ListPage, useUiHost } from '@balcao/sdk/ui';
import { Button, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ContactListDto, type ContactListPageDto, LIST_TOPIC } from '../shared/contact-lists';
import { ListDialog } from './list-dialog';
import { downloadSample } from './sample';
import { useDebounced, usePaged } from './use-paged';

const pickLists = (a: ContactListPageDto) => ({ rows: a.records, hasMore: a.hasMore });

/** /contact-lists (spec part 2 §2): the company's lists with search and infinite scroll; sample, items, edit, delete. */
export function ListsPage() {
  const { t } = useTranslation('contact-lists');
  const { api, toastError, toastSuccess } = useUiHost();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search);
  const lists = usePaged<ContactListDto>('/contact-lists', pickLists, { searchParam }, LIST_TOPIC);
  const [editing, setEditing] = useState<ContactListDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<ContactListDto | null>(null);

  const remove = async () => {
    const list = doomed;
    setDoomed(null);
    if (!list) return;
    try {
      await api.delete(`/contact-lists/${list.id}`);
      toastSuccess(t('deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      title={t('lists.title')}
      testId="contact-lists-page"
      actions={
        <div className="page-header__tools" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <InputGroup
            leftIcon="search"
            type="search"
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onValueChange={setSearch}
            data-testid="contact-lists-search"
          />
          <Button
            intent="primary"
            icon="add"
            text={t('lists.add')}
            onClick={() => setEditing('new')}
            data-testid="contact-lists-add"
          />
        </div>
      }
    >
      <div style={{ height: '100%', overflow: 'auto' }} onScroll={lists.onScroll}>
        <HTMLTable compact striped className="list-screen__table" data-testid="contact-lists-table">
          <thead>
            <tr>
              <th>{t('lists.name')}</th>
              <th style={{ width: 120, textAlign: 'center' }}>{t('lists.contacts')}</th>
              <th style={{ width: 170 }}>{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {lists.rows.map((list) => (
              <tr key={list.id} data-testid={`contact-list-row-${list.id}`}>
                <td>{list.name}</td>
                <td style={{ textAlign: 'center' }}>{list.contactsCount}</td>
                <td className="list-screen__actions">
                  <Button
                    variant="minimal"
                    icon="download"
                    aria-label={t('sample')}
                    title={t('sample')}
                    onClick={() => void downloadSample(api).catch(toastError)}
                  />
                  <Button
                    variant="minimal"
                    icon="people"
                    aria-label={t('lists.open')}
                    title={t('lists.open')}
                    onClick={() => navigate(`/contact-lists/${list.id}/contacts`)}
                    data-testid={`contact-list-open-${list.id}`}
                  />
                  <Button
                    variant="minimal"
                    icon="edit"
                    aria-label={t('edit')}
                    title={t('edit')}
                    onClick={() => setEditing(list)}
                  />
                  <Button
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('lists.delete.action')}
                    title={t('lists.delete.action')}
                    onClick={() => setDoomed(list)}
                    data-testid={`contact-list-delete-${list.id}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {!lists.loading && lists.rows.length === 0 && (
          <p className="bp6-text-muted list-screen__empty">{t('lists.empty')}</p>
        )}
      </div>
      {editing && <ListDialog list={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteConfirmation
        ns="contact-lists:lists"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void remove()}
      />
    </ListPage>
  );
}
