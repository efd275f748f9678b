import { TICKET_STATUSES, type TicketStatus } from '@balcao/sdk';
import { Button, HTMLSelect } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../notify/toaster';
import { EMPTY_SEARCH_FILTERS, type SearchFilters, searchFiltersAtom } from '../shared/ticket-store';
import { fetchConnections, fetchTagList, fetchUserList } from '../shared/tickets-api';
import { MultiPick, type PickOption } from './multi-pick';

/** How many of the panel's filters are in use (shown on the toggle, since they apply while it is closed too). */
export function activeFilterCount(f: SearchFilters, isAdmin: boolean): number {
  return (
    Number(f.tagIds.length > 0) +
    Number(f.whatsappIds.length > 0) +
    Number(f.status !== '') +
    Number(isAdmin && f.userIds.length > 0)
  );
}

/** The Search tab's filter toggle (spec part 1 §2). */
export function SearchFiltersToggle({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useAtom(searchFiltersAtom);
  const active = activeFilterCount(filters, isAdmin);
  return (
    <Button
      size="small"
      variant={filters.open ? 'solid' : 'minimal'}
      icon="filter"
      text={active > 0 ? t('tickets.filters.toggleCount', { n: active }) : t('tickets.filters.toggle')}
      active={filters.open}
      aria-expanded={filters.open}
      intent={active > 0 ? 'primary' : 'none'}
      data-testid="search-filters-toggle"
      onClick={() => setFilters((f) => ({ ...f, open: !f.open }))}
    />
  );
}

interface Options {
  tags: PickOption[];
  connections: PickOption[];
  users: PickOption[];
}

/** Tag, connection and status filters, plus the attendant filter for admins. */
export function SearchFiltersPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useAtom(searchFiltersAtom);
  const [options, setOptions] = useState<Options>({ tags: [], connections: [], users: [] });

  useEffect(() => {
    let alive = true;
    Promise.all([fetchTagList(), fetchConnections(), isAdmin ? fetchUserList() : Promise.resolve([])])
      .then(([tags, connections, users]) => {
        if (!alive) return;
        setOptions({
          tags: tags.map((g) => ({ id: g.id, name: g.name, color: g.color })),
          connections: connections.map((c) => ({ id: c.id, name: c.name })),
          users: users.map((u) => ({ id: u.id, name: u.name })),
        });
      })
      .catch((err: unknown) => alive && toastError(err));
    return () => {
      alive = false;
    };
  }, [isAdmin]);

  const set = (patch: Partial<SearchFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <div className="search-filters" data-testid="search-filters">
      <MultiPick
        options={options.tags}
        selected={filters.tagIds}
        onChange={(tagIds) => set({ tagIds })}
        allLabel={t('tickets.filters.allTags')}
        countLabel={(n) => t('tickets.filters.tagCount', { n })}
        emptyLabel={t('tickets.filters.noTags')}
        testId="filter-tags"
      />
      <MultiPick
        options={options.connections}
        selected={filters.whatsappIds}
        onChange={(whatsappIds) => set({ whatsappIds })}
        allLabel={t('tickets.filters.allConnections')}
        countLabel={(n) => t('tickets.filters.connectionCount', { n })}
        emptyLabel={t('tickets.filters.noConnections')}
        testId="filter-connections"
      />
      <HTMLSelect
        className="search-filters__status"
        value={filters.status}
        onChange={(e) => set({ status: e.currentTarget.value as TicketStatus | '' })}
        aria-label={t('tickets.filters.status')}
        data-testid="filter-status"
        minimal
      >
        <option value="">{t('tickets.filters.allStatuses')}</option>
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`tickets.status.${s}`)}
          </option>
        ))}
      </HTMLSelect>
      {isAdmin && (
        <MultiPick
          options={options.users}
          selected={filters.userIds}
          onChange={(userIds) => set({ userIds })}
          allLabel={t('tickets.filters.allUsers')}
          countLabel={(n) => t('tickets.filters.userCount', { n })}
          emptyLabel={t('tickets.filters.noUsers')}
          testId="filter-users"
        />
      )}
      {activeFilterCount(filters, isAdmin) > 0 && (
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          text={t('tickets.filters.clear')}
          data-testid="filter-clear"
          onClick={() => setFilters({ ...EMPTY_SEARCH_FILTERS, open: true })}
        />
      )}
    </div>
  );
}
