import { COMPANIES_CHANNEL, type CompanyDto } from '@balcao/sdk';
import { type Page, type PagedList, usePagedList } from '../lists/use-paged-list';
import { fetchCompanyPage } from './admin-api';

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
 * is shown (the list is by id, so it would come last); a deleted one leaves. Anything else leaves the list as it is.
 * @example applyCompanyFrame(page, { action: 'delete', companyId: 3 })
 */
export function applyCompanyFrame(page: Page<CompanyDto>, frame: unknown): Page<CompanyDto> {
  if (!isCompanyFrame(frame)) return page;
  const count = page.count ?? 0;
  if (frame.action === 'delete') {
    const items = page.items.filter((c) => c.id !== frame.companyId);
    return items.length === page.items.length ? page : { ...page, items, count: count - 1 };
  }
  const at = page.items.findIndex((c) => c.id === frame.company.id);
  if (at >= 0) return { ...page, items: page.items.map((c, i) => (i === at ? frame.company : c)) };
  return { ...page, items: page.hasMore ? page.items : [...page.items, frame.company], count: count + 1 };
}

/**
 * Companies with their plans, page by page (`GET /companiesPlan`); other super users' changes (and this one's) show
 * at once. A failed read says 'Não foi possível carregar a lista de registros' (spec part 2 §8).
 */
export function useCompanyList(): PagedList<CompanyDto> {
  return usePagedList(fetchCompanyPage, '', COMPANIES_CHANNEL, {
    applyFrame: applyCompanyFrame,
    errorKey: 'companies.loadError',
  });
}
