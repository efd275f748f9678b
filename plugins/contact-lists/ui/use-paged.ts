import { useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { type UIEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Spec part 2 §9: the next page loads within 100 px of the bottom. */
const NEAR_BOTTOM_PX = 100;
/** Spec part 2 §9: searches wait 500 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A server list page by page (pages from 1), kept live: any frame of `topic` but upload progress reads the pages shown
 * again, so order and counts stay the server's. `onScroll` on the scrolling box asks for the next page near its end.
 */
export function usePaged<T>(
  path: string,
  pick: (answer: never) => { rows: T[]; hasMore: boolean },
  query: Record<string, string | number>,
  topic: string,
) {
  const { api, toastError } = useUiHost();
  const [rows, setRows] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const pages = useRef(1);
  const ticket = useRef(0);
  const key = JSON.stringify(query);
  const picker = useRef(pick);
  picker.current = pick;
  // Live changes made while a read of the pages is on its way: that read may have left the server before them, so
  // they are made again on its rows (a WhatsApp check's mark, answered while the new row's reload was out, was lost).
  const inFlight = useRef(false);
  const lateChanges = useRef<((row: T) => T)[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query's contents.
  const load = useCallback(
    async (upTo: number) => {
      const mine = ++ticket.current;
      inFlight.current = true;
      lateChanges.current = [];
      setLoading(true);
      try {
        let all: T[] = [];
        let more = false;
        for (let n = 1; n <= upTo; n++) {
          const page = picker.current((await api.get(path, { ...query, pageNumber: n })) as never);
          all = [...all, ...page.rows];
          more = page.hasMore;
          if (!more) break;
        }
        if (mine !== ticket.current) return;
        pages.current = upTo;
        setRows(lateChanges.current.reduce((shown, change) => shown.map(change), all));
        setHasMore(more);
      } catch (err) {
        if (mine === ticket.current) toastError(err);
      } finally {
        if (mine === ticket.current) {
          inFlight.current = false;
          lateChanges.current = [];
          setLoading(false);
        }
      }
    },
    [api, toastError, path, key],
  );

  useEffect(() => {
    void load(1);
  }, [load]);
  useCompanyChannel(topic, (data) => {
    if ((data as { action?: string }).action !== 'progress') void load(pages.current);
  });

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (hasMore && !loading && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX)
      void load(pages.current + 1);
  };
  return {
    rows,
    hasMore,
    loading,
    onScroll,
    reload: () => void load(pages.current),
    /** Changes the rows shown in place (a live answer about one row), without asking the server again. */
    patch: (change: (row: T) => T) => {
      if (inFlight.current) lateChanges.current.push(change);
      setRows((shown) => shown.map(change));
    },
  };
}
