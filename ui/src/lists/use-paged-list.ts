import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../notify/toaster';
import { useReloadOnResync, useSocketChannel } from '../realtime/socket';

/** One page as a list call answers it; `count` is the whole list's size where the route reports it. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
  count?: number;
}

export interface PagedList<T> {
  items: T[];
  hasMore: boolean;
  /** The whole list's size as the last page read reported it (0 where the route does not report one). */
  count: number;
  loading: boolean;
  /** The current search's first answer has come (until then `count` is not known: show progress, not 0). */
  loaded: boolean;
  loadMore(): void;
  /** Reads the pages shown again. */
  reload(): void;
}

export interface PagedListOptions<T> {
  /**
   * Applies a frame of the channel to what is shown (return the same page to ignore it). Without it, any frame reads
   * the pages shown again.
   */
  applyFrame?(shown: Page<T>, data: unknown): Page<T>;
  /** The message key a failed read toasts when the server gives no error of its own. */
  errorKey?: string;
}

const EMPTY: Page<never> = { items: [], hasMore: false, count: 0 };

/**
 * A server list for a search, page by page (pages start at 1), kept live: a frame on `channel` reads the pages shown
 * again (or is applied by `applyFrame`), and a socket resync reads them again, so order and counts stay the server's.
 * @example const list = usePagedList(fetchTagPage, useDebounced(search), companyChannel(companyId, 'tag'))
 */
export function usePagedList<T>(
  fetchPage: (searchParam: string, pageNumber: number, signal: AbortSignal) => Promise<Page<T>>,
  searchParam: string,
  channel: string | null,
  options: PagedListOptions<T> = {},
): PagedList<T> {
  const [state, setState] = useState<Page<T>>(EMPTY);
  // Loading from the first render (the first page is asked for on mount): an empty list is not "no rows" yet.
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const pages = useRef(1);
  const inFlight = useRef<AbortController | null>(null);
  const search = useRef(searchParam);
  search.current = searchParam;
  const shown = useRef(state);
  shown.current = state;
  const fetcher = useRef(fetchPage);
  fetcher.current = fetchPage;
  const opts = useRef(options);
  opts.current = options;

  /** Pages `from`..`upTo` in order: from 1 they replace what is shown, from the next page they are added to it. */
  const load = useCallback(async (upTo: number, from = 1) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      let next: Page<T> = from === 1 ? EMPTY : shown.current;
      for (let n = from; n <= upTo; n++) {
        const page = await fetcher.current(search.current, n, controller.signal);
        next = { items: [...next.items, ...page.items], hasMore: page.hasMore, count: page.count ?? 0 };
        if (!page.hasMore) break;
      }
      pages.current = upTo;
      setState(next);
    } catch (err) {
      if (!controller.signal.aborted) toastError(err, opts.current.errorKey);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(false);
        setLoaded(true);
      }
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search reads its first page (load reads it off a ref).
  useEffect(() => {
    setState(EMPTY);
    setLoaded(false);
    void load(1);
    return () => inFlight.current?.abort();
  }, [searchParam, load]);
  useReloadOnResync(() => void load(pages.current));
  useSocketChannel(channel, (data) => {
    const apply = opts.current.applyFrame;
    if (apply) setState((page) => apply(page, data));
    else void load(pages.current);
  });

  const reload = useCallback(() => void load(pages.current), [load]);
  const loadMore = useCallback(() => {
    if (inFlight.current || !shown.current.hasMore) return;
    void load(pages.current + 1, pages.current + 1);
  }, [load]);

  return {
    items: state.items,
    hasMore: state.hasMore,
    count: state.count ?? 0,
    loading,
    loaded,
    loadMore,
    reload,
  };
}
