import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../notify/toaster';
import { type CompanyPage, fetchCompanyPage } from './admin-api';

const EMPTY: CompanyPage = { companies: [], count: 0, hasMore: false };

/** Companies with their plans, page by page (`GET /companiesPlan`); `reload` reads the pages shown again. */
export function useCompanyList() {
  const [state, setState] = useState<CompanyPage>(EMPTY);
  const [loading, setLoading] = useState(false);
  const pages = useRef(1);
  const shown = useRef(state);
  shown.current = state;
  const busy = useRef(false);

  const load = useCallback(async (upTo: number, from = 1) => {
    busy.current = true;
    setLoading(true);
    try {
      let next = from === 1 ? EMPTY : shown.current;
      for (let n = from; n <= upTo; n++) {
        const page = await fetchCompanyPage('', n);
        next = {
          companies: [...next.companies, ...page.companies],
          count: page.count,
          hasMore: page.hasMore,
        };
        if (!page.hasMore) break;
      }
      pages.current = upTo;
      setState(next);
    } catch (err) {
      // Spec part 2 §8: 'Não foi possível carregar a lista de registros'.
      toastError(err, 'companies.loadError');
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(1);
  }, [load]);

  const reload = useCallback(() => void load(pages.current), [load]);
  const loadMore = useCallback(() => {
    if (busy.current || !shown.current.hasMore) return;
    void load(pages.current + 1, pages.current + 1);
  }, [load]);

  return { ...state, loading, reload, loadMore };
}
