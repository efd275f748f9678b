import { companyChannel, type TicketDto } from '@balcao/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isRecord } from '../../api/api-error';
import { toastError } from '../../notify/toaster';
import { useReloadOnResync, useSocketChannel } from '../../realtime/socket';
import { fetchTickets } from '../shared/tickets-api';
import {
  applyTicketEvent,
  EMPTY_LIST,
  type ListFilter,
  type ListState,
  pageArrived,
  type TicketEvent,
  type Viewer,
} from './list-rules';

export type { TicketEvent } from './list-rules';

export interface TicketList extends ListState {
  loading: boolean;
  loadMore(): void;
}

export function parseTicketEvent(data: unknown): TicketEvent | null {
  if (!isRecord(data)) return null;
  if (data.action === 'update' && isRecord(data.ticket))
    return { action: 'update', ticket: data.ticket as unknown as TicketDto };
  if (data.action === 'delete' && typeof data.ticketId === 'number')
    return { action: 'delete', ticketId: data.ticketId };
  if (data.action === 'updateUnread' && typeof data.ticketId === 'number')
    return { action: 'updateUnread', ticketId: data.ticketId };
  return null;
}

/**
 * One server-paged ticket list for a filter, kept live by ticket events (spec part 1 §4 "Live updates"). Disabled
 * lists neither load nor listen. Events heard while a page loads are applied again once it arrives (pageArrived).
 * Once the socket is ready (again) after a load, the first page is read again, the rows staying on screen until it
 * lands: a reconnect, or the first connect of a page whose first load went out before it (useRealtimeResyncs).
 */
export function useTicketList(
  companyId: number,
  filter: ListFilter,
  viewer: Viewer,
  enabled = true,
): TicketList {
  const [state, setState] = useState<ListState>(EMPTY_LIST);
  const [loading, setLoading] = useState(false);
  const page = useRef(1);
  const inFlight = useRef<AbortController | null>(null);
  const key = JSON.stringify(filter);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const viewerRef = useRef(viewer);
  viewerRef.current = viewer;
  /** The events heard since the page in flight was asked for (null: nothing in flight). */
  const heardMeanwhile = useRef<TicketEvent[] | null>(null);

  const load = useCallback((pageNumber: number) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const heard: TicketEvent[] = [];
    heardMeanwhile.current = heard;
    setLoading(true);
    fetchTickets(filterRef.current, pageNumber, controller.signal)
      .then((result) => {
        if (inFlight.current !== controller) return;
        page.current = pageNumber;
        setState((s) => pageArrived(s, result, pageNumber, heard, filterRef.current, viewerRef.current));
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) toastError(err, 'tickets.loadFailed');
      })
      .finally(() => {
        if (inFlight.current === controller) {
          inFlight.current = null;
          heardMeanwhile.current = null;
          setLoading(false);
        }
      });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter's value.
  useEffect(() => {
    if (!enabled) return;
    setState(EMPTY_LIST);
    load(1);
    return () => inFlight.current?.abort();
  }, [key, enabled, load]);

  useReloadOnResync(() => load(1), enabled);

  const loadMore = useCallback(() => {
    if (inFlight.current || !state.hasMore) return;
    load(page.current + 1);
  }, [load, state.hasMore]);

  useSocketChannel(enabled ? companyChannel(companyId, 'ticket') : null, (data) => {
    const event = parseTicketEvent(data);
    if (!event) return;
    heardMeanwhile.current?.push(event);
    setState((s) => applyTicketEvent(s, event, filterRef.current, viewer));
  });

  return { ...state, loading, loadMore };
}
