import { companyChannel, readFrame, TAG_FRAME, TICKET_FRAME } from '@balcao/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseContactEvent } from '../../contacts/contact-list-rules';
import { toastError } from '../../notify/toaster';
import { useReloadOnResync, useSocketChannel } from '../../realtime/socket';
import { fetchTickets } from '../shared/tickets-api';
import {
  applyTicketEvent,
  type ContactChange,
  EMPTY_LIST,
  type ListEvent,
  type ListFilter,
  type ListState,
  pageArrived,
  type TagChange,
  type TicketEvent,
  type Viewer,
} from './list-rules';

export type { ContactChange, ListEvent, TicketEvent } from './list-rules';

export interface TicketList extends ListState {
  loading: boolean;
  /** The current filter's first answer has come (until then `count` is not known: the tab shows progress, not 0). */
  loaded: boolean;
  loadMore(): void;
}

export function parseTicketEvent(data: unknown): TicketEvent | null {
  return readFrame(TICKET_FRAME, data);
}

/** A `company-{id}-contact` frame as ticket screens follow it (a `reload` after an import changes no ticket). */
export function parseContactChange(data: unknown): ContactChange | null {
  const event = parseContactEvent(data);
  if (event?.action === 'update') return { action: 'contactUpdate', contact: event.contact };
  if (event?.action === 'delete') return { action: 'contactDelete', contactId: event.contactId };
  return null;
}

/** A `company-{id}-tag` frame as ticket lists follow it (a new tag is on no ticket yet). */
export function parseTagChange(data: unknown): TagChange | null {
  const frame = readFrame(TAG_FRAME, data);
  if (frame?.action === 'update') return { action: 'tagUpdate', tag: frame.tag };
  if (frame?.action === 'delete') return { action: 'tagDelete', tagId: frame.tagId };
  return null;
}

/**
 * One server-paged ticket list for a filter, kept live by ticket events and by its tickets' contact events (spec
 * part 1 §4 "Live updates"), and read again when the viewer's access changes (queues, allTicket, allowGroup). Disabled
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
  // An enabled list loads from the first render: until its first answer it is not empty, only unknown.
  const [loading, setLoading] = useState(enabled);
  const [loaded, setLoaded] = useState(false);
  const page = useRef(1);
  const inFlight = useRef<AbortController | null>(null);
  const key = JSON.stringify(filter);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const viewerRef = useRef(viewer);
  viewerRef.current = viewer;
  /** The events heard since the page in flight was asked for (null: nothing in flight). */
  const heardMeanwhile = useRef<ListEvent[] | null>(null);

  const load = useCallback((pageNumber: number) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const heard: ListEvent[] = [];
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
          setLoaded(true);
        }
      });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter's value.
  useEffect(() => {
    if (!enabled) return;
    setState(EMPTY_LIST);
    setLoaded(false);
    load(1);
    return () => inFlight.current?.abort();
  }, [key, enabled, load]);

  useReloadOnResync(() => load(1), enabled);

  // The viewer's access changed (an admin edited their queues, allTicket or allowGroup): the server's answer changes
  // with it. The rows stay on screen until the first page lands, as after a reconnect.
  const viewerKey = JSON.stringify(viewer);
  const seenViewer = useRef(viewerKey);
  useEffect(() => {
    if (seenViewer.current === viewerKey) return;
    seenViewer.current = viewerKey;
    if (enabled) load(1);
  }, [viewerKey, enabled, load]);

  const loadMore = useCallback(() => {
    if (inFlight.current || !state.hasMore) return;
    load(page.current + 1);
  }, [load, state.hasMore]);

  const apply = (event: ListEvent | null) => {
    if (!event) return;
    heardMeanwhile.current?.push(event);
    setState((s) => applyTicketEvent(s, event, filterRef.current, viewerRef.current));
  };
  useSocketChannel(enabled ? companyChannel(companyId, 'ticket') : null, (data) =>
    apply(parseTicketEvent(data)),
  );
  useSocketChannel(enabled ? companyChannel(companyId, 'contact') : null, (data) =>
    apply(parseContactChange(data)),
  );
  useSocketChannel(enabled ? companyChannel(companyId, 'tag') : null, (data) => apply(parseTagChange(data)));

  return { ...state, loading, loaded, loadMore };
}
