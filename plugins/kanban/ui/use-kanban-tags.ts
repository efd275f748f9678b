import type { TagDto } from '@balcao/sdk';
import { useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec part 2 §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
/** Spec part 2 §9: the next page loads within 100 px of the bottom. */
const NEAR_BOTTOM_PX = 100;

/**
 * The kanban tags screen's list: core's `GET /api/tags?kanban=1` (20 a page, by name, with ticket counts) searched
 * and scrolled page by page, and the total from `GET /api/tags/kanban`; both read again on every tag frame.
 */
export function useKanbanTags(search: string) {
  const { api, toastError } = useUiHost();
  const [term, setTerm] = useState(search);
  const [items, setItems] = useState<TagDto[]>([]);
  const [page, setPage] = useState({ number: 0, hasMore: false });
  const [loading, setLoading] = useState(false);
  const [total, setTotal] = useState<number | undefined>();
  const generation = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const load = useCallback(
    async (pageNumber: number) => {
      const mine = ++generation.current;
      setLoading(true);
      try {
        const answer = await api.get<{ tags: TagDto[]; hasMore: boolean }>('/tags', {
          searchParam: term,
          pageNumber,
          kanban: 1,
        });
        // A newer search (or reload) has started: this answer is stale.
        if (mine !== generation.current) return;
        setItems((shown) => (pageNumber === 1 ? answer.tags : [...shown, ...answer.tags]));
        setPage({ number: pageNumber, hasMore: answer.hasMore });
      } catch (err) {
        toastError(err);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [api, term, toastError],
  );

  const count = useCallback(async () => {
    try {
      setTotal((await api.get<{ lista: TagDto[] }>('/tags/kanban')).lista.length);
    } catch (err) {
      toastError(err);
    }
  }, [api, toastError]);

  useEffect(() => {
    void load(1);
  }, [load]);
  useEffect(() => {
    void count();
  }, [count]);
  useCompanyChannel('tag', () => {
    void load(1);
    void count();
  });

  const onScroll = (el: HTMLElement) => {
    if (loading || !page.hasMore) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX) void load(page.number + 1);
  };

  return { items, loading, total, hasMore: page.hasMore, onScroll, more: () => void load(page.number + 1) };
}
