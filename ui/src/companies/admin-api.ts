import type {
  CompanyCreateInput,
  CompanyDto,
  CompanyUpdateInput,
  HelpCreateInput,
  HelpDto,
  HelpUpdateInput,
  PlanCreateInput,
  PlanDto,
  PlanUpdateInput,
} from '@balcao/sdk';
import { api } from '../api/http';
import type { Page } from '../lists/use-paged-list';

/** One page of `GET /api/companiesPlan` (super user): companies with their plans. */
export async function fetchCompanyPage(
  searchParam: string,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Page<CompanyDto>> {
  const query = new URLSearchParams({ searchParam, pageNumber: String(pageNumber) });
  const page = await api.get<{ companies: CompanyDto[]; count: number; hasMore: boolean }>(
    `/companiesPlan?${query}`,
    { signal },
  );
  return { items: page.companies, count: page.count, hasMore: page.hasMore };
}
export const createCompany = (input: CompanyCreateInput) => api.post<CompanyDto>('/companies', input);
export const updateCompany = (id: number, input: CompanyUpdateInput) =>
  api.put<CompanyDto>(`/companies/${id}`, input);
export const deleteCompany = (id: number) => api.delete(`/companies/${id}`);

export const fetchPlans = () => api.get<PlanDto[]>('/plans/all');
export const createPlan = (input: PlanCreateInput) => api.post<PlanDto>('/plans', input);
export const updatePlan = (id: number, input: PlanUpdateInput) => api.put<PlanDto>(`/plans/${id}`, input);
export const deletePlan = (id: number) => api.delete(`/plans/${id}`);

export const fetchHelps = () => api.get<HelpDto[]>('/helps/list');
export const createHelp = (input: HelpCreateInput) => api.post<HelpDto>('/helps', input);
export const updateHelp = (id: number, input: HelpUpdateInput) => api.put<HelpDto>(`/helps/${id}`, input);
export const deleteHelp = (id: number) => api.delete(`/helps/${id}`);

/** Spec part 2 §9: the company, plan and help forms submit after 500 ms. */
export const ADMIN_SUBMIT_DELAY_MS = 500;
export const submitDelay = () => new Promise((resolve) => setTimeout(resolve, ADMIN_SUBMIT_DELAY_MS));

/** Spec part 2 §9: amounts in Brazilian currency with 2 decimals. @example brl(1234.5) === 'R$ 1.234,50' */
export const brl = (amount: number): string =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 }).format(
    amount,
  );

/** Spec part 2 §9: dates shown DD/MM/YYYY (a `YYYY-MM-DD…` date or an ISO instant, in the browser's day). */
export function ddmmyyyy(value: string | null): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
}
