import { PLAN_FLAG_KEY, type PlanDto, planFlagsMap, planHas } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { initialPlanFlags, planFlagsInput } from './plan-flags';

const plan = (over: Partial<PlanDto> = {}): PlanDto =>
  ({
    id: 1,
    name: 'Pro',
    users: 1,
    connections: 1,
    queues: 1,
    amount: 0,
    isPublic: true,
    useKanban: true,
    flags: { useKanban: true, useTour: true, useOld: false },
    ...over,
  }) as PlanDto;

describe('plan flags, core and plugin-declared', () => {
  it('planHas reads a core flag from its field and a plugin flag from the map; no plan has none', () => {
    expect(planHas(plan(), 'useKanban')).toBe(true);
    expect(planHas(plan(), 'useTour')).toBe(true);
    expect(planHas(plan(), 'useOld')).toBe(false);
    expect(planHas(plan(), 'useCampaigns')).toBe(false);
    expect(planHas(null, 'useKanban')).toBe(false);
    // A session of an older server: the core fields only.
    expect(planHas({ useKanban: true }, 'useKanban')).toBe(true);
  });

  it('the dialog starts from every stored flag and sends the core ones as fields, the rest in flags', () => {
    const initial = initialPlanFlags(plan());
    expect(initial).toMatchObject({ useKanban: true, useTour: true, useWhatsapp: false });
    const input = planFlagsInput({ ...initial, useTour: false });
    expect(input).toMatchObject({
      useKanban: true,
      useWhatsapp: false,
      flags: { useTour: false, useOld: false },
    });
    expect(Object.keys(input.flags as object)).not.toContain('useKanban');
  });

  it('the flags map takes only well-formed keys and booleans, and at most 200 of them', () => {
    expect(PLAN_FLAG_KEY.test('useTypebot')).toBe(true);
    for (const bad of ['typebot', 'use', 'useTypebot!', 'use\u0000Tour', `use${'A'.repeat(50)}`])
      expect(PLAN_FLAG_KEY.test(bad)).toBe(false);
    expect(planFlagsMap.safeParse({ useTour: 'yes' }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`useF${i}`, true]));
    expect(planFlagsMap.safeParse(many).success).toBe(false);
  });
});
