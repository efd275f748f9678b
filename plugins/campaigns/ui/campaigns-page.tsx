import { DeleteConfirmation, ListPage, useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { Button, ButtonGroup, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CampaignDto, CampaignPageDto, CampaignStatus } from '../shared/campaign';
import { CampaignDialog } from './campaign-dialog';

export const STATUS_INTENT: Record<CampaignStatus, 'none' | 'primary' | 'warning' | 'success' | 'danger'> = {
  INATIVA: 'none',
  PROGRAMADA: 'primary',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'danger',
  FINALIZADA: 'success',
};

const SEARCH_DEBOUNCE_MS = 500;

/** /campaigns — the company's campaigns with search, the modal, and the per-row actions; live over `campaign`. */
export function CampaignsPage() {
  const { t, i18n } = useTranslation('campaigns');
  const { api, toastError, toastSuccess } = useUiHost();
  const navigate = useNavigate();
  const [rows, setRows] = useState<CampaignDto[]>([]);
  const [page, setPage] = useState({ number: 1, hasMore: false });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CampaignDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<CampaignDto | null>(null);

  const load = useCallback(
    async (pageNumber: number, searchParam: string) => {
      try {
        const result = await api.get<CampaignPageDto>('/campaigns', { pageNumber, searchParam });
        setRows((shown) => (pageNumber === 1 ? result.records : [...shown, ...result.records]));
        setPage({ number: pageNumber, hasMore: result.hasMore });
      } catch (error) {
        toastError(error);
      }
    },
    [api, toastError],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(1, search), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [load, search]);

  useCompanyChannel('campaign', (data) => {
    const frame = data as { action: string; record?: CampaignDto; id?: number; campaignId?: number };
    if (frame.action === 'delete') setRows((shown) => shown.filter((c) => c.id !== frame.id));
    else if (frame.record) {
      const record = frame.record;
      setRows((shown) =>
        shown.some((c) => c.id === record.id)
          ? shown.map((c) => (c.id === record.id ? record : c))
          : frame.action === 'create'
            ? [record, ...shown]
            : shown,
      );
    } else if (frame.action === 'status' && frame.campaignId) {
      const id = frame.campaignId;
      api.get<CampaignDto>(`/campaigns/${id}`).then(
        (record) => setRows((shown) => shown.map((c) => (c.id === id ? record : c))),
        () => undefined,
      );
    }
  });

  const act = async (c: CampaignDto, action: 'cancel' | 'restart') => {
    try {
      await api.post(`/campaigns/${c.id}/${action}`, {});
      toastSuccess(t(action === 'cancel' ? 'toasts.cancelled' : 'toasts.restarted'));
    } catch (error) {
      toastError(error);
    }
  };
  const remove = async () => {
    if (!doomed) return;
    try {
      await api.delete(`/campaigns/${doomed.id}`);
      toastSuccess(t('toasts.deleted'));
    } catch (error) {
      toastError(error);
    }
    setDoomed(null);
  };

  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const date = (iso: string | null) => (iso ? when.format(new Date(iso)) : t('notDefined'));
  return (
    <>
      <ListPage
        title={t('title')}
        count={rows.length}
        testId="campaigns-page"
        empty={rows.length === 0 ? t('empty') : null}
        actions={
          <>
            <InputGroup
              leftIcon="search"
              placeholder={t('search')}
              value={search}
              onValueChange={setSearch}
            />
            <Button
              intent="primary"
              icon="add"
              text={t('add')}
              onClick={() => setEditing('new')}
              data-testid="campaign-add"
            />
          </>
        }
      >
        <HTMLTable striped interactive style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>{t('columns.name')}</th>
              <th>{t('columns.status')}</th>
              <th>{t('columns.scheduledAt')}</th>
              <th>{t('columns.completedAt')}</th>
              <th>{t('columns.confirmation')}</th>
              <th>{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid={`campaign-row-${c.id}`}>
                <td>{c.name}</td>
                <td>
                  <Tag minimal intent={STATUS_INTENT[c.status]} data-testid="campaign-status">
                    {t(`status.${c.status}`)}
                  </Tag>
                </td>
                <td>{date(c.scheduledAt)}</td>
                <td>{date(c.completedAt)}</td>
                <td>{t(c.confirmation ? 'yes' : 'no')}</td>
                <td>
                  <ButtonGroup minimal>
                    {c.status === 'EM_ANDAMENTO' && (
                      <Button
                        icon="stop"
                        title={t('actions.cancel')}
                        aria-label={t('actions.cancel')}
                        onClick={() => act(c, 'cancel')}
                      />
                    )}
                    {c.status === 'CANCELADA' && (
                      <Button
                        icon="repeat"
                        title={t('actions.restart')}
                        aria-label={t('actions.restart')}
                        onClick={() => act(c, 'restart')}
                      />
                    )}
                    {/* A recurring campaign waiting for its next run has the runs before it to show. */}
                    {c.status !== 'INATIVA' && (c.status !== 'PROGRAMADA' || c.runNumber > 1) && (
                      <Button
                        icon="timeline-bar-chart"
                        title={t('actions.report')}
                        aria-label={t('actions.report')}
                        data-testid="campaign-report"
                        onClick={() => navigate(`/campaign/${c.id}/report`)}
                      />
                    )}
                    <Button
                      icon="edit"
                      title={t('actions.edit')}
                      aria-label={t('actions.edit')}
                      onClick={() => setEditing(c)}
                    />
                    <Button
                      icon="trash"
                      intent="danger"
                      title={t('actions.delete')}
                      aria-label={t('actions.delete')}
                      onClick={() => setDoomed(c)}
                    />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {page.hasMore && (
          <Button fill minimal text={t('loadMore')} onClick={() => load(page.number + 1, search)} />
        )}
      </ListPage>
      {editing && (
        <CampaignDialog campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <DeleteConfirmation
        ns="campaigns"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={remove}
      />
    </>
  );
}
