import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../notify/toaster';
import { useReloadOnResync, useSocketChannel } from '../realtime/socket';

/** One page as a list call answers it. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
}

export interface PagedList<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  loadMore(): void;
}

/**
 * A server list for a search, page by page (pages start at 1), kept live: any frame on `channel` or a socket resync
 * reads the pages shown again, so order and counts stay the server's.
 * @example const list = usePagedList(fetchTagPage, useDebounced(search), companyChannel(companyId, 'tag'))
 */
export function usePagedList<T>(
  fetchPage: (searchParam: string, pageNumber: number, signal: AbortSignal) => Promise<Page<T>>,
  searchParam: string,
  channel: string | null,
): PagedList<T> {
  const [state, setState] = useState<Page<T>>({ items: [], hasMore: false });
  const [loading, setLoading] = useState(false);
  const pages = useRef(1);
  const inFlight = useRef<AbortController | null>(null);
  const search = useRef(searchParam);
  search.current = searchParam;
  const shown = useRef(state);
  shown.current = state;
  const fetcher = useRef(fetchPage);
  fetcher.current = fetchPage;

  /** Pages `from`..`upTo` in order: from 1 they replace what is shown, from the next page they are added to it. */
  const load = useCallback(async (upTo: number, from = 1) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      let next: Page<T> = from === 1 ? { items: [], hasMore: false } : shown.current;
      for (let n = from; n <= upTo; n++) {
        const page = await fetcher.current(search.current, n, controller.signal);
        next = { items: [...next.items, ...page.items], hasMore: page.hasMore };
        if (!page.hasMore) break;
      }
      pages.current = upTo;
      setState(next);
    } catch (err) {
      if (!controller.signal.aborted) toastError(err);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(false);
      }
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search reads its first page (load reads it off a ref).
  useEffect(() => {
    setState({ items: [], hasMore: false });
    void load(1);
    return () => inFlight.current?.abort();
  }, [searchParam, load]);
  useReloadOnResync(() => void load(pages.current));
  useSocketChannel(channel, () => void load(pages.current));

  const loadMore = useCallback(() => {
    if (inFlight.current || !state.hasMore) return;
    void load(pages.current + 1, pages.current + 1);
  }, [load, state.hasMore]);

  return { ...state, loading, loadMore };
}
