import { DeleteConfirmation, ListPage, useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { Button, HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DutyDto } from '../shared/duty';
import { DutyDialog } from './duty-dialog';

const upsert = (shown: DutyDto[], duty: DutyDto) =>
  [...shown.filter((d) => d.id !== duty.id), duty].sort((a, b) => a.id - b.id);

/** /plantao — who is on call, when, and the dialog to add or change an entry (spec part 2 §2 On-call duty). */
export function OnCallPage() {
  const { t } = useTranslation('on-call');
  const { api, toastError, toastSuccess } = useUiHost();
  const [rows, setRows] = useState<DutyDto[]>([]);
  const [editing, setEditing] = useState<DutyDto | null | undefined>(undefined);
  const [doomed, setDoomed] = useState<DutyDto | null>(null);

  useEffect(() => {
    // Spec part 2 §8: a failed list load is only logged.
    api.get<DutyDto[]>('/plantao').then(setRows).catch(console.error);
  }, [api]);

  useCompanyChannel('plantao', (data) => {
    const frame = data as { action: string; plantao?: DutyDto; plantaoId?: number };
    if (frame.action === 'delete') setRows((shown) => shown.filter((d) => d.id !== frame.plantaoId));
    else if (frame.plantao) setRows((shown) => upsert(shown, frame.plantao as DutyDto));
  });

  const remove = async () => {
    if (!doomed) return;
    try {
      await api.delete(`/plantao/${doomed.id}`);
      setRows((shown) => shown.filter((d) => d.id !== doomed.id));
      toastSuccess(t('deleted'));
    } catch (error) {
      console.error(error);
      toastError(error);
    } finally {
      setDoomed(null);
    }
  };

  // The list page shows its children only when the list has rows: the dialogs live beside it.
  return (
    <>
      <ListPage
        title={t('title')}
        count={rows.length}
        testId="on-call-page"
        actions={
          <Button
            intent="primary"
            icon="add"
            text={t('add')}
            onClick={() => setEditing(null)}
            data-testid="on-call-add"
          />
        }
        empty={rows.length ? null : t('empty')}
      >
        <HTMLTable striped style={{ width: '100%' }} data-testid="on-call-table">
          <thead>
            <tr>
              <th>{t('columns.id')}</th>
              <th>{t('columns.user')}</th>
              <th>{t('columns.phone')}</th>
              <th>{t('columns.hours')}</th>
              <th>{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id} data-testid={`on-call-row-${d.id}`}>
                <td>{d.id}</td>
                <td>{d.user?.name ?? '—'}</td>
                <td>{d.phone}</td>
                <td>
                  {d.days
                    .filter((day) => day.startTime && day.endTime)
                    .map((day) => (
                      <div key={day.weekdayEn}>
                        {t('hoursLine', {
                          weekday: t(`weekdays.${day.weekdayEn}`),
                          start: day.startTime,
                          end: day.endTime,
                        })}
                      </div>
                    ))}
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <Button
                    variant="minimal"
                    icon="edit"
                    title={t('actions.edit')}
                    aria-label={t('actions.edit')}
                    onClick={() => setEditing(d)}
                    data-testid="on-call-edit"
                  />
                  <Button
                    variant="minimal"
                    icon="trash"
                    intent="danger"
                    title={t('actions.delete')}
                    aria-label={t('actions.delete')}
                    onClick={() => setDoomed(d)}
                    data-testid="on-call-delete"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ListPage>
      {editing !== undefined && (
        <DutyDialog
          duty={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(d) => setRows((shown) => upsert(shown, d))}
        />
      )}
      <DeleteConfirmation
        ns="on-call:list"
        doomed={doomed ? { name: doomed.user?.name ?? '' } : null}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
