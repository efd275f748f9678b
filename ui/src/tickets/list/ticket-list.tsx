import type { TicketDto } from '@balcao/sdk';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_ROW_HEIGHT, TicketRow } from './ticket-row';
import type { TicketList as TicketListData } from './use-ticket-list';
import { useVirtualWindow } from './use-virtual-window';
import { isNearBottom } from './virtual-window';

interface Props {
  list: TicketListData;
  selectedUuid: string | undefined;
  showUser: boolean;
  testId: string;
  onOpen(ticket: TicketDto): void;
  onAccept(ticket: TicketDto): void;
  onIgnore(ticket: TicketDto): void;
}

/** A virtualised ticket list (only the rows in view are in the DOM) that pages in near the bottom. */
export function TicketList({ list, selectedUuid, showUser, testId, onOpen, onAccept, onIgnore }: Props) {
  const { t } = useTranslation();
  const { loadMore, hasMore, loading, tickets } = list;
  const onScrolled = useCallback(
    (el: HTMLDivElement) => {
      if (hasMore && isNearBottom(el)) loadMore();
    },
    [hasMore, loadMore],
  );
  const win = useVirtualWindow(tickets.length, TICKET_ROW_HEIGHT, onScrolled);

  // A short first page may not fill the viewport: keep paging until it scrolls or runs out.
  useEffect(() => {
    const el = win.ref.current;
    if (el && !loading && hasMore && el.scrollHeight <= el.clientHeight + TICKET_ROW_HEIGHT) loadMore();
  }, [loading, hasMore, loadMore, win.ref]);

  const empty = tickets.length === 0;
  return (
    <div
      className="ticket-list"
      ref={win.ref}
      onScroll={win.onScroll}
      data-testid={testId}
      data-count={list.count}
      aria-busy={loading}
    >
      {empty && loading && <Spinner size={24} className="ticket-list__spinner" />}
      {empty && !loading && (
        <NonIdealState icon="inbox" description={t('tickets.list.empty')} className="ticket-list__empty" />
      )}
      {!empty && (
        <div style={{ height: win.totalHeight, position: 'relative' }}>
          <div style={{ transform: `translateY(${win.offset}px)` }}>
            {tickets.slice(win.start, win.end).map((ticket) => (
              <TicketRow
                key={ticket.id}
                ticket={ticket}
                selected={ticket.uuid === selectedUuid}
                showUser={showUser}
                onOpen={onOpen}
                onAccept={onAccept}
                onIgnore={onIgnore}
              />
            ))}
          </div>
        </div>
      )}
      {!empty && loading && <Spinner size={18} className="ticket-list__more" />}
    </div>
  );
}
