import { DeleteConfirmation, ListPage, useUiHost } from '@balcao/sdk/ui';
import { Button, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canManage, type QuickMessageDto } from '../shared/quick-message';
import { MediaTag, QuickMessageDialog } from './quick-message-dialog';
import { useDebounced, useQuickMessages } from './use-quick-messages';

/**
 * /quick-messages (spec part 2 §2 "Quick replies"): the replies the user may use — their own and the shared ones (all
 * for admins and supervisors) — searched by shortcut or text, with add, edit and delete where the profile allows.
 */
export function QuickMessagesPage() {
  const { t } = useTranslation('quick-messages');
  const { api, user, toastError, toastSuccess } = useUiHost();
  const [search, setSearch] = useState('');
  const list = useQuickMessages(useDebounced(search.trim()));
  const [editing, setEditing] = useState<QuickMessageDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<QuickMessageDto | null>(null);

  const handleDelete = async () => {
    const reply = doomed;
    setDoomed(null);
    if (!reply) return;
    try {
      await api.delete(`/quick-messages/${reply.id}`);
      toastSuccess(t('deleted'));
      void list.reload();
    } catch (error) {
      toastError(error);
    }
  };

  const page = (
    <ListPage
      title={t('title')}
      testId="quick-messages-page"
      empty={!list.loading && list.records.length === 0 ? t('empty') : null}
      actions={
        <div style={{ display: 'flex', gap: 8 }}>
          <InputGroup
            leftIcon="search"
            type="search"
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onValueChange={setSearch}
            data-testid="quick-messages-search"
          />
          <Button
            intent="primary"
            icon="add"
            text={t('add')}
            onClick={() => setEditing('new')}
            data-testid="quick-messages-add"
          />
        </div>
      }
    >
      <HTMLTable striped interactive style={{ width: '100%' }} data-testid="quick-messages-table">
        <thead>
          <tr>
            <th>{t('shortcode')}</th>
            <th>{t('message')}</th>
            <th>{t('media')}</th>
            <th>{t('geral')}</th>
            <th>{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.records.map((reply) => (
            <tr key={reply.id} data-testid={`quick-message-row-${reply.id}`}>
              <td>
                <strong>{reply.shortcode}</strong>
              </td>
              <td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{reply.message}</td>
              <td>
                <MediaTag reply={reply} />
              </td>
              <td>
                <Tag minimal intent={reply.geral ? 'success' : 'none'}>
                  {t(reply.geral ? 'yes' : 'no')}
                </Tag>
              </td>
              <td>
                {canManage(user, reply) && (
                  <>
                    <Button
                      variant="minimal"
                      icon="edit"
                      aria-label={t('edit')}
                      title={t('edit')}
                      onClick={() => setEditing(reply)}
                      data-testid="quick-message-edit"
                    />
                    <Button
                      variant="minimal"
                      icon="trash"
                      intent="danger"
                      aria-label={t('remove')}
                      title={t('remove')}
                      onClick={() => setDoomed(reply)}
                      data-testid="quick-message-delete"
                    />
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {list.hasMore && (
        <Button text={t('loadMore')} loading={list.loading} onClick={() => void list.loadMore()} fill />
      )}
    </ListPage>
  );

  // The dialogs sit beside the list, not in it: ListPage shows its empty state instead of its children, and the first
  // reply (or the first one matching a search) is added from that empty state.
  return (
    <>
      {page}
      {editing && (
        <QuickMessageDialog
          reply={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      )}
      <DeleteConfirmation
        ns="quick-messages:list"
        doomed={doomed ? { name: doomed.shortcode } : null}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void handleDelete()}
      />
    </>
  );
}
