import { DeleteConfirmation, ListPage, useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { Button, Callout, HTMLTable, Icon, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  CHECK_TOPIC,
  type CheckFrame,
  type ContactListDto,
  type ContactListItemDto,
  type ContactListItemPageDto,
  canDeleteItems,
  ITEM_TOPIC,
} from '../shared/contact-lists';
import { ItemDialog } from './item-dialog';
import { UploadDialog } from './upload-dialog';
import { useDebounced, usePaged } from './use-paged';

const pickItems = (a: ContactListItemPageDto) => ({ rows: a.contacts, hasMore: a.hasMore });

/**
 * /contact-lists/:contactListId/contacts (spec part 2 §2): the list's numbers with search and infinite scroll, back to
 * the lists, import, add, edit; delete only for who the contacts page lets delete contacts.
 */
export function ItemsPage() {
  const { t } = useTranslation('contact-lists');
  const { api, toastError, toastSuccess, user } = useUiHost();
  const navigate = useNavigate();
  const contactListId = Number(useParams().contactListId);
  const [list, setList] = useState<ContactListDto | null>(null);
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search);
  const items = usePaged<ContactListItemDto>(
    '/contact-list-items',
    pickItems,
    { contactListId, searchParam },
    ITEM_TOPIC,
  );
  const [editing, setEditing] = useState<ContactListItemDto | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [doomed, setDoomed] = useState<ContactListItemDto | null>(null);
  const mayDelete = canDeleteItems(user);
  // The last check run of this list found no connection to ask with (until a number is answered or asked again).
  const [stopped, setStopped] = useState(false);

  // The WhatsApp check's answers mark their row as they come, without reading the pages again.
  useCompanyChannel(CHECK_TOPIC, (data) => {
    const frame = data as CheckFrame;
    if (frame.action === 'stopped') {
      if (frame.contactListId === contactListId) setStopped(true);
      return;
    }
    if (frame.record.contactListId !== contactListId) return;
    setStopped(false);
    items.patch((row) => (row.id === frame.record.id ? frame.record : row));
  });

  const checkAgain = async () => {
    try {
      await api.post(`/contact-lists/${contactListId}/check`, { again: true });
      setStopped(false);
      toastSuccess(t('items.checkQueued'));
    } catch (err) {
      toastError(err);
    }
  };

  useEffect(() => {
    api.get<ContactListDto>(`/contact-lists/${contactListId}`).then(setList, toastError);
  }, [api, toastError, contactListId]);

  const remove = async () => {
    const item = doomed;
    setDoomed(null);
    if (!item) return;
    try {
      await api.delete(`/contact-list-items/${item.id}`);
      toastSuccess(t('deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      title={list ? `${t('items.title')}: ${list.name}` : t('items.title')}
      testId="contact-list-items-page"
      actions={
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <InputGroup
            leftIcon="search"
            type="search"
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onValueChange={setSearch}
            data-testid="contact-list-items-search"
          />
          <Button icon="arrow-left" text={t('items.back')} onClick={() => navigate('/contact-lists')} />
          <Button
            icon="refresh"
            text={t('items.checkAgain')}
            title={t('items.checkAgainHint')}
            onClick={() => void checkAgain()}
            data-testid="contact-list-items-check"
          />
          <Button
            icon="import"
            text={t('items.import')}
            onClick={() => setImporting(true)}
            data-testid="contact-list-items-import"
          />
          <Button
            intent="primary"
            icon="add"
            text={t('items.add')}
            onClick={() => setEditing('new')}
            data-testid="contact-list-items-add"
          />
        </div>
      }
    >
      {stopped && (
        <Callout intent="warning" icon="warning-sign" data-testid="contact-list-items-check-stopped">
          {t('items.checkStopped')}
        </Callout>
      )}
      <div style={{ height: '100%', overflow: 'auto' }} onScroll={items.onScroll}>
        <HTMLTable compact striped className="list-screen__table" data-testid="contact-list-items-table">
          <thead>
            <tr>
              <th style={{ width: 40 }} aria-label={t('items.whatsapp')} />
              <th>{t('items.name')}</th>
              <th>{t('items.number')}</th>
              <th>{t('items.email')}</th>
              <th style={{ width: 100 }}>{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.rows.map((item) => (
              <tr key={item.id} data-testid="contact-list-item-row">
                <td data-testid="contact-list-item-whatsapp">
                  <WhatsappState valid={item.isWhatsappValid} t={t} />
                </td>
                <td>{item.name}</td>
                <td>{item.number}</td>
                <td>{item.email}</td>
                <td className="list-screen__actions">
                  <Button
                    variant="minimal"
                    icon="edit"
                    aria-label={t('edit')}
                    title={t('edit')}
                    onClick={() => setEditing(item)}
                  />
                  {mayDelete && (
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon="trash"
                      aria-label={t('items.delete.action')}
                      title={t('items.delete.action')}
                      onClick={() => setDoomed(item)}
                      data-testid="contact-list-item-delete"
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {!items.loading && items.rows.length === 0 && (
          <p className="bp6-text-muted list-screen__empty">{t('items.empty')}</p>
        )}
      </div>
      {editing && (
        <ItemDialog
          contactListId={contactListId}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && <UploadDialog contactListId={contactListId} onClose={() => setImporting(false)} />}
      <DeleteConfirmation
        ns="contact-lists:items"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void remove()}
      />
    </ListPage>
  );
}

/** Whether WhatsApp knows the number: a tick, a cross, or a dash while nobody checked it. */
function WhatsappState({ valid, t }: { valid: boolean | null; t: (k: string) => string }) {
  if (valid === null)
    return <Icon icon="minus" title={t('items.unchecked')} aria-label={t('items.unchecked')} />;
  return valid ? (
    <Icon icon="tick-circle" intent="success" title={t('items.valid')} aria-label={t('items.valid')} />
  ) : (
    <Icon icon="error" intent="danger" title={t('items.invalid')} aria-label={t('items.invalid')} />
  );
}
