import type { QueueDto } from '@balcao/sdk';
import { Button, H3, HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAlert } from '../forms/delete-alert';
import { toastError, toastSuccess } from '../notify/toaster';
import { loadCompanyQueues, refreshCompanyQueues, useCompanyQueues } from '../tickets/shared/use-queues';
import { QueueDialog } from './queue-dialog';
import { deleteQueue } from './queues-api';
import './queues.css';
import { CountTag } from '../lists/count-tag';

/**
 * /queues (spec part 2 §2 Queues, admin): the company's queues with ID, name, colour, order and greeting; add and
 * edit in a dialog, delete after a confirmation. Live: queue events re-read the list (use-queues).
 */
export function QueuesScreen() {
  const { t } = useTranslation();
  const queues = useCompanyQueues();
  // Until the first answer the count and the empty text would say "none": show progress instead.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let alive = true;
    void loadCompanyQueues().then(() => alive && setLoaded(true));
    return () => {
      alive = false;
    };
  }, []);
  const [editing, setEditing] = useState<QueueDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<QueueDto | null>(null);
  const usedBy = (except: QueueDto | null) =>
    queues.filter((q) => q.id !== except?.id).map((q) => q.color.toLowerCase());

  const handleDelete = async () => {
    const queue = doomed;
    setDoomed(null);
    if (!queue) return;
    try {
      await deleteQueue(queue.id);
      refreshCompanyQueues();
      toastSuccess(t('queues.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="list-screen" data-testid="queues-screen">
      <header className="page-header">
        <H3 className="page-header__title">
          {t('queues.title')}
          <CountTag count={queues.length} loaded={loaded} testId="queues-count" />
        </H3>
        <Button
          intent="primary"
          icon="add"
          text={t('queues.add')}
          onClick={() => setEditing('new')}
          data-testid="queues-add"
        />
      </header>
      <div className="list-screen__body">
        <HTMLTable compact striped className="list-screen__table" data-testid="queues-table">
          <thead>
            <tr>
              <th>{t('queues.columns.id')}</th>
              <th>{t('queues.name')}</th>
              <th>{t('queues.color')}</th>
              <th>{t('queues.order')}</th>
              <th>{t('queues.greeting')}</th>
              <th>{t('queues.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <tr key={q.id} data-testid={`queue-row-${q.id}`}>
                <td>{q.id}</td>
                <td>{q.name}</td>
                <td>
                  <span className="queues-table__swatch" style={{ background: q.color }} title={q.color} />
                </td>
                <td>{q.orderQueue ?? ''}</td>
                <td className="queues-table__greeting">{q.greetingMessage ?? ''}</td>
                <td className="list-screen__actions">
                  <Button
                    variant="minimal"
                    icon="edit"
                    aria-label={t('queues.edit')}
                    title={t('queues.edit')}
                    onClick={() => setEditing(q)}
                  />
                  <Button
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('queues.delete.action')}
                    title={t('queues.delete.action')}
                    onClick={() => setDoomed(q)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {loaded && queues.length === 0 && (
          <p className="bp6-text-muted list-screen__empty">{t('queues.empty')}</p>
        )}
      </div>
      {editing && (
        <QueueDialog
          queue={editing === 'new' ? null : editing}
          usedColors={usedBy(editing === 'new' ? null : editing)}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteAlert
        ns="queues"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void handleDelete()}
      />
    </div>
  );
}
