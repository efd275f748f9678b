import type { QueueDto } from '@balcao/sdk/rest';
import { DeleteConfirmation, ListPage, useUiHost } from '@balcao/sdk/ui';
import { Button, HTMLTable } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptDto, PromptPageDto } from '../shared/prompt';
import { PromptDialog } from './prompt-dialog';
import './openai.css';

/** /prompts (spec part 2 "AI prompts"): name, queue, max tokens and actions; add, edit, delete. */
export function PromptsPage() {
  const { t } = useTranslation('openai');
  const { api, toastError, toastSuccess } = useUiHost();
  const [prompts, setPrompts] = useState<PromptDto[]>([]);
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [page, setPage] = useState({ number: 1, hasMore: false });
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState<PromptDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<PromptDto | null>(null);

  const load = useCallback(
    async (pageNumber: number) => {
      try {
        const answer = await api.get<PromptPageDto>('/prompt', { pageNumber });
        setPrompts((shown) => (pageNumber === 1 ? answer.prompts : [...shown, ...answer.prompts]));
        setPage({ number: pageNumber, hasMore: answer.hasMore });
      } catch (error) {
        toastError(error);
      } finally {
        setLoaded(true);
      }
    },
    [api, toastError],
  );

  useEffect(() => {
    void load(1);
    api.get<QueueDto[]>('/queue').then(setQueues, toastError);
  }, [api, load, toastError]);

  const saved = (p: PromptDto) => {
    setPrompts((shown) =>
      shown.some((s) => s.id === p.id) ? shown.map((s) => (s.id === p.id ? p : s)) : [...shown, p],
    );
    setEditing(null);
  };

  const remove = async () => {
    const target = doomed;
    setDoomed(null);
    if (!target) return;
    try {
      await api.delete(`/prompt/${target.id}`);
      setPrompts((shown) => shown.filter((p) => p.id !== target.id));
      toastSuccess(t('deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  // The dialogs sit beside the list: ListPage shows its empty text instead of its children.
  return (
    <>
      <ListPage
        title={t('title')}
        count={prompts.length}
        testId="prompts-page"
        actions={
          <Button
            intent="primary"
            icon="add"
            text={t('add')}
            onClick={() => setEditing('new')}
            data-testid="prompt-add"
          />
        }
        empty={loaded && !prompts.length ? t('empty') : null}
      >
        <HTMLTable striped interactive className="openai-prompts__table">
          <thead>
            <tr>
              <th>{t('columns.name')}</th>
              <th>{t('columns.queue')}</th>
              <th>{t('columns.maxTokens')}</th>
              <th>{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {prompts.map((p) => (
              <tr key={p.id} data-testid={`prompt-row-${p.id}`}>
                <td>{p.name}</td>
                <td>{p.queue?.name ?? ''}</td>
                <td>{p.maxTokens}</td>
                <td>
                  <Button
                    minimal
                    icon="edit"
                    aria-label={t('edit')}
                    title={t('edit')}
                    onClick={() => setEditing(p)}
                    data-testid={`prompt-edit-${p.id}`}
                  />
                  <Button
                    minimal
                    icon="trash"
                    intent="danger"
                    aria-label={t('remove')}
                    title={t('remove')}
                    onClick={() => setDoomed(p)}
                    data-testid={`prompt-delete-${p.id}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {page.hasMore && <Button minimal fill text="…" onClick={() => void load(page.number + 1)} />}
      </ListPage>
      {editing && (
        <PromptDialog
          prompt={editing === 'new' ? null : editing}
          queues={queues}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      <DeleteConfirmation
        ns="openai:list"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
