import { COMPANIES_CHANNEL, type CompanyDto } from '@balcao/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../notify/toaster';
import { useSocketChannel } from '../realtime/socket';
import { type CompanyPage, fetchCompanyPage } from './admin-api';

const EMPTY: CompanyPage = { companies: [], count: 0, hasMore: false };

/** A frame of COMPANIES_CHANNEL (super users only): a company created or changed, or deleted. */
type CompanyFrame = { action: 'update'; company: CompanyDto } | { action: 'delete'; companyId: number };

function isCompanyFrame(data: unknown): data is CompanyFrame {
  if (typeof data !== 'object' || data === null) return false;
  const frame = data as Record<string, unknown>;
  if (frame.action === 'delete') return typeof frame.companyId === 'number';
  const company = frame.company as Record<string, unknown> | undefined;
  return frame.action === 'update' && typeof company?.id === 'number';
}

/**
 * The list after a live change: a changed company is replaced where it is; a new one joins the end once every page
 * is shown (the list is by id, so it would come last); a deleted one leaves.
 * @example applyCompanyFrame(page, { action: 'delete', companyId: 3 })
 */
export function applyCompanyFrame(page: CompanyPage, frame: CompanyFrame): CompanyPage {
  if (frame.action === 'delete') {
    const companies = page.companies.filter((c) => c.id !== frame.companyId);
    return companies.length === page.companies.length ? page : { ...page, companies, count: page.count - 1 };
  }
  const at = page.companies.findIndex((c) => c.id === frame.company.id);
  if (at >= 0) return { ...page, companies: page.companies.map((c, i) => (i === at ? frame.company : c)) };
  return {
    ...page,
    companies: page.hasMore ? page.companies : [...page.companies, frame.company],
    count: page.count + 1,
  };
}

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

  // Other super users' changes (and this one's) show at once.
  useSocketChannel(COMPANIES_CHANNEL, (data) => {
    if (isCompanyFrame(data)) setState((page) => applyCompanyFrame(page, data));
  });

  const reload = useCallback(() => void load(pages.current), [load]);
  const loadMore = useCallback(() => {
    if (busy.current || !shown.current.hasMore) return;
    void load(pages.current + 1, pages.current + 1);
  }, [load]);

  return { ...state, loading, reload, loadMore };
}
