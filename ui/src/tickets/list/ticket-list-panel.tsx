import { Button, InputGroup, Spinner, Switch, Tab, Tabs } from '@blueprintjs/core';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { toastError } from '../../notify/toaster';
import { requireUser, userAtom } from '../../session/session-store';
import { updateUser } from '../../users/users-api';
import { usePresenceFeed } from '../shared/presence';
import { listQueueIds } from '../shared/queue-selection';
import {
  openSubTabAtom,
  searchFiltersAtom,
  selectableQueues,
  selectedQueueIdsAtom,
} from '../shared/ticket-store';
import { useDebounced } from '../shared/use-debounced';
import { useCompanyQueues } from '../shared/use-queues';
import { useTicketActions } from '../shared/use-ticket-actions';
import { canShowAll, listFilters, type MainTab, type OpenTab } from './list-filters';
import { ListMenu } from './list-menu';
import { countBadge, viewerOf } from './list-rules';
import { QueueSelect } from './queue-select';
import { SearchFiltersPanel, SearchFiltersToggle } from './search-filters';
import { TicketList } from './ticket-list';
import { useTicketList } from './use-ticket-list';

/** The left pane: search, Open / Closed / Search tabs, the Open sub-tabs with counts, filters and the lists. */
export function TicketListPanel() {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const navigate = useNavigate();
  const { ticketId: selectedUuid } = useParams();
  const [tab, setTab] = useState<MainTab>('open');
  const [openTab, setOpenTab] = useAtom(openSubTabAtom);
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search);
  const [storedQueueIds, setQueueIds] = useAtom(selectedQueueIdsAtom);
  const setUser = useSetAtom(userAtom);
  // Show all as the user last left it: saved on the server, so it survives logout and another browser.
  const [showAll, setShowAll] = useState(user.showAllTickets);
  const handleShowAll = (checked: boolean) => {
    setShowAll(checked);
    setUser((u) => (u ? { ...u, showAllTickets: checked } : u));
    updateUser(user.id, { showAllTickets: checked }).catch(toastError);
  };
  const searchFilters = useAtomValue(searchFiltersAtom);
  const { accept, ignore } = useTicketActions();
  const isAdmin = user.profile === 'admin';
  const queueOptions = selectableQueues(user, useCompanyQueues());
  // An attendant's stored choice may name a queue they have left since.
  const queueIds = listQueueIds(user, storedQueueIds);

  const viewer = useMemo(() => viewerOf(user), [user]);
  usePresenceFeed(user.companyId);
  const filters = listFilters(user, queueIds, showAll, searchParam, searchFilters);
  const lists = {
    open: useTicketList(user.companyId, filters.open, viewer),
    pending: useTicketList(user.companyId, filters.pending, viewer),
    group: useTicketList(user.companyId, filters.group, viewer),
    closed: useTicketList(user.companyId, filters.closed, viewer, tab === 'closed'),
    search: useTicketList(user.companyId, filters.search, viewer, tab === 'search'),
  };
  const active = tab === 'open' ? openTab : tab;

  const handleSearch = (value: string) => {
    setSearch(value);
    if (value.trim()) setTab('search');
  };
  const handleOpen = useCallback(
    (ticket: { uuid: string }) => navigate(`/tickets/${ticket.uuid}`),
    [navigate],
  );

  return (
    <div className="ticket-panel" data-testid="ticket-list-panel">
      <div className="ticket-panel__top">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('tickets.list.search')}
          value={search}
          onValueChange={handleSearch}
          data-testid="ticket-search"
          fill
        />
        <ListMenu closeAllStatus={openTab} queueIds={queueIds} />
      </div>
      <Tabs
        id="ticket-tabs"
        selectedTabId={tab}
        onChange={(id) => setTab(id as MainTab)}
        className="ticket-panel__tabs"
      >
        <Tab id="open" icon="inbox" title={t('tickets.tabs.open')} data-testid="tab-open" />
        <Tab id="closed" icon="tick-circle" title={t('tickets.tabs.closed')} data-testid="tab-closed" />
        <Tab id="search" icon="search" title={t('tickets.tabs.search')} data-testid="tab-search" />
      </Tabs>
      <div className="ticket-panel__filters">
        <QueueSelect queues={queueOptions} selected={queueIds} onChange={setQueueIds} />
        {canShowAll(user, tab, openTab) && (
          <Switch
            className="ticket-panel__show-all"
            checked={showAll}
            onChange={(e) => handleShowAll(e.currentTarget.checked)}
            label={t('tickets.list.showAll')}
            data-testid="show-all"
          />
        )}
        {tab === 'search' && <SearchFiltersToggle isAdmin={isAdmin} />}
        {tab === 'search' && search && (
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            text={t('tickets.list.clearSearch')}
            onClick={() => setSearch('')}
          />
        )}
      </div>
      {tab === 'search' && searchFilters.open && <SearchFiltersPanel isAdmin={isAdmin} />}
      {tab === 'open' && (
        <Tabs
          id="ticket-open-tabs"
          selectedTabId={openTab}
          onChange={(id) => setOpenTab(id as OpenTab)}
          className="ticket-panel__subtabs"
        >
          {(['open', 'pending', 'group'] as const).map((id) => (
            <Tab
              key={id}
              id={id}
              title={t(`tickets.tabs.${id === 'open' ? 'assigned' : id}`)}
              // Until the list's first answer its count is unknown: progress, not a 0.
              tagContent={lists[id].loaded ? countBadge(lists[id].count) : <Spinner size={10} />}
              tagProps={{ round: true, intent: id === 'pending' && lists[id].count > 0 ? 'warning' : 'none' }}
              data-testid={`subtab-${id}`}
            />
          ))}
        </Tabs>
      )}
      <TicketList
        key={active}
        list={lists[active]}
        testId={`ticket-list-${active}`}
        selectedUuid={selectedUuid}
        showUser={isAdmin}
        onOpen={handleOpen}
        onAccept={accept}
        onIgnore={ignore}
      />
    </div>
  );
}
