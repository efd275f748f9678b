import { companyChannel, MESSAGE_FRAME, type MessageDto, readFrame } from '@balcao/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../../notify/toaster';
import { realtime, useRealtimeResyncs, useSocketChannel } from '../../realtime/socket';
import { fetchMessages } from '../shared/tickets-api';
import {
  laterMessage,
  newestPageArrived,
  newestPageLanded,
  prependOlder,
  removeMessage,
  upsertMessage,
} from './message-rules';
import { reloadConcerns } from './open-ticket-rules';

interface MessagesState {
  messages: MessageDto[];
  hasMore: boolean;
  loading: boolean;
  /** Which load produced the current list: the view keeps its place on 'older', goes to the end on 'first'. */
  last: 'first' | 'older' | 'live';
}

const INITIAL: MessagesState = { messages: [], hasMore: false, loading: true, last: 'first' };

/** The list without the messages removed live (by id, with the one each was an echo of). */
const withoutRemoved = (list: MessageDto[], removed: ReadonlyMap<number, number>): MessageDto[] =>
  removed.size ? [...removed].reduce((l, [id, kept]) => removeMessage(l, id, kept), list) : list;

const queueIdsOf = (key: string): number[] => (key ? key.split(',').map(Number) : []);

/**
 * A ticket's messages (only those of `queueIds` and of no queue, when any is given; another filter loads afresh):
 * newest page first, older pages on demand, live creates and updates from the socket. The messages heard while the
 * newest page loads are applied again once it lands; once the socket is ready again (useRealtimeResyncs) the newest
 * page is read again and joined to what is shown, or, when more than a page of messages came meanwhile, replaces it
 * so no hole is left (newestPageLanded); scrolling up then reads the older pages again. A change of `refreshes` (the
 * ticket's contact was merged: messages moved in or out, anywhere in its history) reads the newest page again and
 * replaces the list with it, keeping it on screen until then. So does a `reload` frame for the ticket (its messages
 * changed in place: a merge named a group member by their number instead of their LID).
 */
export function useMessages(
  companyId: number,
  ticketId: number | null,
  queueIds: readonly number[] = [],
  refreshes = 0,
) {
  const [state, setState] = useState<MessagesState>(INITIAL);
  // The queue filter by value: a new array with the same ids is the same filter.
  const queueKey = queueIds.join(',');
  /** The filter the shown list was read with: another one replaces the list instead of joining it. */
  const loadedWith = useRef<string | null>(null);
  const page = useRef(1);
  const busy = useRef(false);
  /** The ticket whose newest page has landed: a load for it again is a reload after a reconnect. */
  const loadedFor = useRef<number | null>(null);
  /** The messages heard since the newest page was asked for (null: not loading it). */
  const heardMeanwhile = useRef<MessageDto[] | null>(null);
  /** The newest message known to follow the shown ones with nothing missing in between (newestPageLanded). */
  const settled = useRef<MessageDto | null>(null);
  /** The resync count the shown list was read at: live events extend `settled` only while it is the client's. */
  const syncedAt = useRef<number | null>(null);
  /** Changes whenever the shown list is replaced: an older page asked for before then is dropped on arrival. */
  const epoch = useRef(0);
  /** Messages removed live (echoes of another one): a page read before their removal must not bring them back. */
  const removed = useRef(new Map<number, number>());
  /** `reload` frames heard for this ticket: each reads the newest page again, as a change of `refreshes` does. */
  const [reloads, setReloads] = useState(0);
  const refreshKey = refreshes + reloads;
  /** The refresh count the shown list was read at: another one replaces it. */
  const refreshedAt = useRef(refreshKey);
  const resyncs = useRealtimeResyncs();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resyncs` and `refreshKey` read the newest page again.
  useEffect(() => {
    const reload = ticketId !== null && loadedFor.current === ticketId && loadedWith.current === queueKey;
    // Messages moved in or out anywhere in the history: the newest page replaces the list, older ones come on demand.
    const replace = reload && refreshedAt.current !== refreshKey;
    if (!reload) {
      loadedFor.current = null;
      settled.current = null;
      syncedAt.current = null;
      page.current = 1;
      epoch.current++;
      setState(INITIAL);
    }
    if (ticketId === null) return;
    const controller = new AbortController();
    const heard: MessageDto[] = [];
    const askedAt = realtime.resyncs;
    heardMeanwhile.current = heard;
    busy.current = true;
    fetchMessages(ticketId, 1, queueIdsOf(queueKey), controller.signal)
      .then((r) => {
        if (controller.signal.aborted) return;
        heardMeanwhile.current = null;
        loadedFor.current = ticketId;
        loadedWith.current = queueKey;
        syncedAt.current = askedAt;
        refreshedAt.current = refreshKey;
        const landed = newestPageLanded(r, heard, settled.current);
        settled.current = replace ? (r.messages.at(-1) ?? null) : landed.settled;
        if (landed.gap || replace) {
          page.current = 1;
          epoch.current++;
        }
        const newestOnly = page.current === 1;
        setState((s) => ({
          messages: withoutRemoved(
            replace ? newestPageArrived([], r.messages, heard) : landed.show(s.messages),
            removed.current,
          ),
          hasMore: newestOnly ? r.hasMore : s.hasMore,
          loading: false,
          last: reload && !landed.gap && !replace ? 'live' : 'first',
        }));
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        heardMeanwhile.current = null;
        if (!reload) toastError(err);
        setState((s) => ({ ...s, loading: false }));
      })
      .finally(() => {
        if (!controller.signal.aborted) busy.current = false;
      });
    return () => {
      controller.abort();
      if (heardMeanwhile.current === heard) heardMeanwhile.current = null;
      busy.current = false;
    };
  }, [ticketId, queueKey, resyncs, refreshKey]);

  const loadOlder = useCallback(() => {
    if (ticketId === null || busy.current || !state.hasMore) return;
    busy.current = true;
    const next = page.current + 1;
    const askedIn = epoch.current;
    setState((s) => ({ ...s, loading: true }));
    fetchMessages(ticketId, next, queueIdsOf(queueKey))
      .then((r) => {
        if (epoch.current !== askedIn) return;
        page.current = next;
        setState((s) => ({
          messages: withoutRemoved(prependOlder(s.messages, r.messages), removed.current),
          hasMore: r.hasMore,
          loading: false,
          last: 'older',
        }));
      })
      .catch((err: unknown) => {
        toastError(err);
        setState((s) => ({ ...s, loading: false }));
      })
      .finally(() => {
        busy.current = false;
      });
  }, [ticketId, queueKey, state.hasMore]);

  /** A message this screen sent (the socket may bring it too; it is kept once). */
  const upsert = useCallback((message: MessageDto) => {
    heardMeanwhile.current?.push(message);
    setState((s) => ({ ...s, messages: upsertMessage(s.messages, message), last: 'live' }));
  }, []);

  useSocketChannel(ticketId === null ? null : companyChannel(companyId, 'appMessage'), (data) => {
    if (reloadConcerns(data, ticketId)) setReloads((n) => n + 1);
    const frame = readFrame(MESSAGE_FRAME, data);
    if (!frame || frame.action === 'reload') return;
    if (frame.action === 'remove') {
      if (frame.ticketId !== ticketId) return;
      removed.current.set(frame.messageId, frame.keptId);
      setState((s) => ({ ...s, messages: removeMessage(s.messages, frame.messageId, frame.keptId) }));
      return;
    }
    const { message } = frame;
    if (message.ticketId !== ticketId) return;
    // Heard while the shown list is in sync with a ready socket: nothing can be missing before it.
    const inSync =
      !heardMeanwhile.current && realtime.status === 'ready' && syncedAt.current === realtime.resyncs;
    if (inSync) settled.current = laterMessage(settled.current, message);
    if (frame.action === 'create' || frame.action === 'update') upsert(message);
    if (frame.action === 'delete') upsert({ ...message, isDeleted: true });
  });

  return { ...state, loadOlder, upsert };
}
