import { companyChannel } from '@balcao/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../notify/toaster';
import { useReloadOnResync, useSocketChannel } from '../realtime/socket';
import { fetchUserPage, type UserPage } from './users-api';

const EMPTY: UserPage = { users: [], count: 0, hasMore: false };

export interface UserList extends UserPage {
  loading: boolean;
  loadMore(): void;
}

/**
 * The company's users for a search, page by page, kept live: any user event (`company-{id}-user`: created,
 * changed, removed, here or on another screen) reads the pages shown again, so order and count stay the server's.
 */
export function useUserList(companyId: number, searchParam: string): UserList {
  const [state, setState] = useState<UserPage>(EMPTY);
  const [loading, setLoading] = useState(false);
  const pages = useRef(1);
  const inFlight = useRef<AbortController | null>(null);
  const search = useRef(searchParam);
  search.current = searchParam;
  const shown = useRef(state);
  shown.current = state;

  /** Pages `from`..`upTo` in order: from 1 they replace what is shown, from the next page they are added to it. */
  const load = useCallback(async (upTo: number, from = 1) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      let next = from === 1 ? EMPTY : shown.current;
      for (let n = from; n <= upTo; n++) {
        const page = await fetchUserPage(search.current, n, controller.signal);
        next = { users: [...next.users, ...page.users], count: page.count, hasMore: page.hasMore };
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
    setState(EMPTY);
    void load(1);
    return () => inFlight.current?.abort();
  }, [searchParam, load]);
  useReloadOnResync(() => void load(pages.current));
  useSocketChannel(companyChannel(companyId, 'user'), () => void load(pages.current));

  const loadMore = useCallback(() => {
    if (inFlight.current || !state.hasMore) return;
    void load(pages.current + 1, pages.current + 1);
  }, [load, state.hasMore]);

  return { ...state, loading, loadMore };
}
