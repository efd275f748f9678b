import type { CompanyDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { applyCompanyFrame } from './use-company-list';

const company = (id: number, name = `Empresa ${id}`) => ({ id, name }) as CompanyDto;

describe('applyCompanyFrame', () => {
  const page = { items: [company(1), company(2)], count: 2, hasMore: false };

  it('replaces a changed company where it is', () => {
    const next = applyCompanyFrame(page, { action: 'update', company: company(2, 'Renomeada') });
    expect(next.items.map((c) => c.name)).toEqual(['Empresa 1', 'Renomeada']);
    expect(next.count).toBe(2);
  });

  it('adds a new one at the end once every page is shown; with pages left it only counts it', () => {
    expect(applyCompanyFrame(page, { action: 'update', company: company(3) }).items.map((c) => c.id)).toEqual(
      [1, 2, 3],
    );
    const partial = applyCompanyFrame({ ...page, hasMore: true }, { action: 'update', company: company(3) });
    expect(partial.items.map((c) => c.id)).toEqual([1, 2]);
    expect(partial.count).toBe(3);
  });

  it('ignores a frame of another shape', () => {
    expect(applyCompanyFrame(page, { action: 'update', company: { name: 'sem id' } })).toBe(page);
    expect(applyCompanyFrame(page, 'delete')).toBe(page);
  });

  it('removes a deleted one; one not shown changes nothing', () => {
    const next = applyCompanyFrame(page, { action: 'delete', companyId: 1 });
    expect(next.items.map((c) => c.id)).toEqual([2]);
    expect(next.count).toBe(1);
    expect(applyCompanyFrame(page, { action: 'delete', companyId: 9 })).toBe(page);
  });
});
