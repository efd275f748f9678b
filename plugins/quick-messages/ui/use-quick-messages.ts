import { useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { useCallback, useEffect, useState } from 'react';
import type { QuickMessageDto, QuickMessagePageDto } from '../shared/quick-message';

/** Waits this long after the last keystroke before searching (spec part 2 §9: search debounce 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;

/** A value that follows `value` once it stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The quick replies the user may see matching `search`, page by page, reloaded when the company's quick replies
 * change (the frame carries ids only: each screen asks again for what its user may see).
 */
export function useQuickMessages(search: string) {
  const { api, toastError } = useUiHost();
  const [records, setRecords] = useState<QuickMessageDto[]>([]);
  const [page, setPage] = useState({ number: 1, hasMore: false });
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      try {
        const result = await api.get<QuickMessagePageDto>('/quick-messages', {
          searchParam: search,
          pageNumber,
        });
        setRecords((shown) => (pageNumber === 1 ? result.records : [...shown, ...result.records]));
        setPage({ number: pageNumber, hasMore: result.hasMore });
      } catch (error) {
        toastError(error);
      } finally {
        setLoading(false);
      }
    },
    [api, toastError, search],
  );

  useEffect(() => {
    void load(1);
  }, [load]);
  useCompanyChannel('quick-messages', () => void load(1));

  return {
    records,
    loading,
    hasMore: page.hasMore,
    loadMore: () => load(page.number + 1),
    reload: () => load(1),
  };
}
