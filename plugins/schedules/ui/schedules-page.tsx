import { DeleteConfirmation, ListPage, useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { Button, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { bodyPreview, formatSendAt, type ScheduleDto, type SchedulePageDto } from '../shared/schedule';
import { ScheduleDialog } from './schedule-dialog';
import { upsertSchedule } from './upsert';

const STATUS_INTENT = { pending: 'none', sending: 'primary', sent: 'success', error: 'danger' } as const;

/** /schedules — the company's scheduled messages; `?contactId=` opens the form for that contact. */
export function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const { api, toastError, toastSuccess } = useUiHost();
  const [params, setParams] = useSearchParams();
  const [rows, setRows] = useState<ScheduleDto[]>([]);
  const [page, setPage] = useState({ number: 1, hasMore: false });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ScheduleDto | null | undefined>(undefined);
  const [forContact, setForContact] = useState<{ id: number; name: string } | null>(null);
  const [doomed, setDoomed] = useState<ScheduleDto | null>(null);

  const load = useCallback(
    async (pageNumber: number, searchParam: string) => {
      try {
        const result = await api.get<SchedulePageDto>('/schedules', { pageNumber, searchParam });
        setRows((shown) => (pageNumber === 1 ? result.schedules : [...shown, ...result.schedules]));
        setPage({ number: pageNumber, hasMore: result.hasMore });
      } catch (error) {
        toastError(error);
      }
    },
    [api, toastError],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(1, search), 500);
    return () => clearTimeout(timer);
  }, [load, search]);

  // ?contactId= opens a new schedule for that contact (the contacts screen, the drawer).
  useEffect(() => {
    const contactId = Number(params.get('contactId'));
    if (!Number.isInteger(contactId) || contactId <= 0) return;
    api
      .get<{ id: number; name: string }>(`/contacts/${contactId}`)
      .then((c) => {
        setForContact({ id: c.id, name: c.name });
        setEditing(null);
      })
      .catch(toastError);
  }, [api, toastError, params]);

  useCompanyChannel('schedule', (data) => {
    const frame = data as { action: string; schedule?: ScheduleDto; scheduleId?: number };
    if (frame.action === 'delete') setRows((shown) => shown.filter((s) => s.id !== frame.scheduleId));
    else if (frame.schedule) setRows((shown) => upsertSchedule(shown, frame.schedule as ScheduleDto));
  });

  const closeDialog = () => {
    setEditing(undefined);
    setForContact(null);
    if (params.has('contactId')) setParams({}, { replace: true });
  };
  const remove = async () => {
    if (!doomed) return;
    try {
      await api.delete(`/schedules/${doomed.id}`);
      setRows((shown) => shown.filter((s) => s.id !== doomed.id));
      toastSuccess(t('deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setDoomed(null);
    }
  };
  const retry = async (schedule: ScheduleDto) => {
    try {
      const retried = await api.post<ScheduleDto>(`/schedules/${schedule.id}/retry`);
      setRows((shown) => upsertSchedule(shown, retried));
      toastSuccess(t('actions.retried'));
    } catch (error) {
      toastError(error);
    }
  };

  // The list page shows its children only when the list has rows: the dialogs live beside it.
  return (
    <>
      <ListPage
        title={t('title')}
        count={rows.length}
        testId="schedules-page"
        actions={
          <div style={{ display: 'flex', gap: 8 }}>
            <InputGroup
              leftIcon="search"
              placeholder={t('search')}
              value={search}
              onValueChange={setSearch}
              data-testid="schedules-search"
            />
            <Button
              intent="primary"
              icon="add"
              text={t('add')}
              onClick={() => setEditing(null)}
              data-testid="schedules-add"
            />
          </div>
        }
        empty={rows.length ? null : t('empty')}
      >
        <HTMLTable striped style={{ width: '100%' }} data-testid="schedules-table">
          <thead>
            <tr>
              <th>{t('columns.contact')}</th>
              <th>{t('columns.body')}</th>
              <th>{t('columns.sendAt')}</th>
              <th>{t('columns.status')}</th>
              <th>{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <ScheduleRow
                key={s.id}
                schedule={s}
                onEdit={() => setEditing(s)}
                onDelete={() => setDoomed(s)}
                onRetry={() => void retry(s)}
              />
            ))}
          </tbody>
        </HTMLTable>
        {page.hasMore && (
          <Button
            text={t('loadMore')}
            fill
            variant="minimal"
            onClick={() => void load(page.number + 1, search)}
          />
        )}
      </ListPage>
      {editing !== undefined && (
        <ScheduleDialog
          schedule={editing}
          contact={forContact}
          onClose={closeDialog}
          onSaved={(saved) => setRows((shown) => upsertSchedule(shown, saved))}
        />
      )}
      <DeleteConfirmation
        ns="schedules:list"
        doomed={doomed ? { name: doomed.contact?.name ?? '' } : null}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}

/** One schedule in the list: contact, body cut at 25, sendAt, status with a failure's reason, and its actions. */
export function ScheduleRow(props: {
  schedule: ScheduleDto;
  onEdit(): void;
  onDelete(): void;
  onRetry(): void;
}) {
  const { t } = useTranslation('schedules');
  const s = props.schedule;
  const reason = s.error
    ? t(`reason.${s.error}`, { defaultValue: t('reason.other', { code: s.error }) })
    : null;
  return (
    <tr data-testid={`schedule-row-${s.id}`}>
      <td>{s.contact?.name ?? '—'}</td>
      <td title={s.body}>
        {bodyPreview(s.body)}
        {s.recurrence !== 'none' && (
          <div className="bp6-text-muted bp6-text-small">
            {t('repeats', { recurrence: t(`recurrence.${s.recurrence}`), count: s.sentCount })}
          </div>
        )}
      </td>
      <td>{formatSendAt(s.sendAt)}</td>
      <td>
        <Tag minimal intent={STATUS_INTENT[s.status]} data-testid="schedule-status">
          {t(`status.${s.status}`)}
        </Tag>
        {reason && (
          <div className="bp6-text-small" data-testid="schedule-reason">
            {t('reason.label', { reason })}
          </div>
        )}
      </td>
      <td style={{ whiteSpace: 'nowrap' }}>
        {s.status === 'error' && (
          <Button
            variant="minimal"
            icon="refresh"
            title={t('actions.retry')}
            aria-label={t('actions.retry')}
            onClick={props.onRetry}
            data-testid="schedule-retry"
          />
        )}
        {(s.status === 'pending' || s.status === 'error') && (
          <Button
            variant="minimal"
            icon="edit"
            title={t('actions.edit')}
            aria-label={t('actions.edit')}
            onClick={props.onEdit}
            data-testid="schedule-edit"
          />
        )}
        <Button
          variant="minimal"
          icon="trash"
          intent="danger"
          title={t('actions.delete')}
          aria-label={t('actions.delete')}
          onClick={props.onDelete}
          data-testid="schedule-delete"
        />
      </td>
    </tr>
  );
}
