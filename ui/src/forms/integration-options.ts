import { api } from '../api/http';

/** A queue integration record as its pickers show it (spec part 2 §3 Queue integration: id, name, type). */
export interface IntegrationOption {
  id: number;
  name: string;
  type: string;
}

/** Pages read at most: a company keeps a handful of integrations; this bounds a picker's reads. */
const MAX_PAGES = 10;

/**
 * The company's queue integrations by name (`GET /api/queueIntegration`, spec part 2 §7), every page up to
 * {@link MAX_PAGES}. Where the integrations plugin is not there or the plan lacks it (403, 404), there are none.
 * @example const records = await fetchIntegrationOptions()
 */
export async function fetchIntegrationOptions(): Promise<IntegrationOption[]> {
  const out: IntegrationOption[] = [];
  try {
    for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
      const page = await api.get<{ queueIntegrations: IntegrationOption[]; hasMore: boolean }>(
        '/queueIntegration',
        { query: { pageNumber } },
      );
      out.push(...page.queueIntegrations.map(({ id, name, type }) => ({ id, name, type })));
      if (!page.hasMore) break;
    }
  } catch {
    // No integrations to offer (plugin absent, plan without it): the picker shows what is stored, as before.
  }
  return out;
}
