import { type UIEvent, useEffect, useRef } from 'react';
import { isNearBottom } from '../tickets/list/virtual-window';
import type { PagedList } from './use-paged-list';

/**
 * Spec part 2 §9: the next page loads within 100 px of the bottom; a page that does not fill the box cannot be
 * scrolled, so the next one is read at once.
 * @example const { ref, onScroll } = useInfiniteScroll(list); <div ref={ref} onScroll={onScroll}>…</div>
 */
export function useInfiniteScroll<T>(list: PagedList<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasMore, loading, loadMore, items } = list;
  useEffect(() => {
    const el = ref.current;
    if (el && items.length > 0 && !loading && hasMore && el.scrollHeight <= el.clientHeight) loadMore();
  }, [items.length, loading, hasMore, loadMore]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasMore && isNearBottom(event.currentTarget)) loadMore();
  };
  return { ref, onScroll };
}
