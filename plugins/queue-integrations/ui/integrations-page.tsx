import { DeleteConfirmation, ListPage, useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { Button, HTMLTable, Icon, type IconName, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INTEGRATION_TOPIC,
  type IntegrationDto,
  type IntegrationFrame,
  type IntegrationPageDto,
  type IntegrationType,
} from '../shared/integration';
import { IntegrationDialog } from './integration-dialog';

export const TYPE_ICONS: Record<IntegrationType, IconName> = {
  dialogflow: 'chat',
  n8n: 'data-lineage',
  webhook: 'globe-network',
  typebot: 'comment',
};

/** Spec part 2 §9: search waits 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const byName = (a: IntegrationDto, b: IntegrationDto) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * /queue-integration (spec part 2 §2): title with count, search, add, an infinite-scroll table (icon by type, id,
 * name, edit, delete with the record's name in the confirmation). Live over `company-{id}-queueIntegration`.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('queue-integrations');
  const { api, toastError, toastSuccess } = useUiHost();
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim());
  const [rows, setRows] = useState<IntegrationDto[]>([]);
  const [page, setPage] = useState({ number: 0, hasMore: false, count: 0 });
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<IntegrationDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<IntegrationDto | null>(null);
  const asked = useRef('');

  const load = useCallback(
    async (pageNumber: number) => {
      const key = `${searchParam}|${pageNumber}`;
      asked.current = key;
      setLoading(true);
      try {
        const answer = await api.get<IntegrationPageDto>('/queueIntegration', { searchParam, pageNumber });
        if (asked.current !== key) return;
        setRows((shown) =>
          pageNumber === 1 ? answer.queueIntegrations : [...shown, ...answer.queueIntegrations],
        );
        setPage({ number: pageNumber, hasMore: answer.hasMore, count: answer.count });
      } catch (err) {
        toastError(err);
      } finally {
        if (asked.current === key) setLoading(false);
      }
    },
    [api, toastError, searchParam],
  );
  useEffect(() => {
    void load(1);
  }, [load]);

  useCompanyChannel(INTEGRATION_TOPIC, (data) => {
    const frame = data as IntegrationFrame;
    if (frame.action === 'delete') {
      setRows((shown) => {
        const next = shown.filter((r) => r.id !== frame.integrationId);
        if (next.length !== shown.length) setPage((p) => ({ ...p, count: Math.max(0, p.count - 1) }));
        return next;
      });
    } else if (frame.queueIntegration) {
      const record = frame.queueIntegration;
      if (searchParam && !record.name.toLowerCase().includes(searchParam.toLowerCase())) return;
      setRows((shown) => {
        const known = shown.some((r) => r.id === record.id);
        if (!known) setPage((p) => ({ ...p, count: p.count + 1 }));
        return [...shown.filter((r) => r.id !== record.id), record].sort(byName);
      });
    }
  });

  // Spec part 2 §9: the next page loads within 100 px of the bottom (a page that does not fill the screen at once).
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !page.hasMore || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void load(page.number + 1);
      },
      { rootMargin: '0px 0px 100px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [page, loading, load]);

  const remove = async () => {
    const record = doomed;
    setDoomed(null);
    if (!record) return;
    try {
      await api.delete(`/queueIntegration/${record.id}`);
      toastSuccess(t('toasts.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <ListPage
        title={t('title')}
        count={page.count}
        testId="queue-integrations-page"
        actions={
          <div className="queue-integrations__tools" style={{ display: 'flex', gap: 8 }}>
            <InputGroup
              leftIcon="search"
              type="search"
              placeholder={t('search')}
              aria-label={t('search')}
              value={search}
              onValueChange={setSearch}
              data-testid="queue-integrations-search"
            />
            <Button
              intent="primary"
              icon="add"
              text={t('add')}
              onClick={() => setEditing('new')}
              data-testid="queue-integrations-add"
            />
          </div>
        }
        empty={!loading && rows.length === 0 ? t('empty') : null}
      >
        <HTMLTable compact striped className="list-screen__table" data-testid="queue-integrations-table">
          <thead>
            <tr>
              <th>{t('columns.type')}</th>
              <th>{t('columns.id')}</th>
              <th>{t('columns.name')}</th>
              <th>{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`queue-integration-row-${r.id}`}>
                <td>
                  <Icon
                    icon={TYPE_ICONS[r.type]}
                    title={t(`types.${r.type}`)}
                    data-testid={`queue-integration-type-${r.type}`}
                  />
                </td>
                <td>{r.id}</td>
                <td>{r.name}</td>
                <td className="list-screen__actions">
                  <Button
                    variant="minimal"
                    icon="edit"
                    aria-label={t('edit')}
                    title={t('edit')}
                    onClick={() => setEditing(r)}
                    data-testid={`queue-integration-edit-${r.id}`}
                  />
                  <Button
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('records.delete.action')}
                    title={t('records.delete.action')}
                    onClick={() => setDoomed(r)}
                    data-testid={`queue-integration-delete-${r.id}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <div ref={sentinel} aria-hidden />
      </ListPage>
      {editing && (
        <IntegrationDialog
          recordId={editing === 'new' ? null : editing.id}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteConfirmation
        ns="queue-integrations:records"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
