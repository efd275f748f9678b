import { type CorePlanFlag, PLAN_FLAGS, type PlanDto, type PlanFlags } from '@balcao/sdk';
import type { IPlan } from './plan.entity.js';

/** The ten core flags as fields (the spec's plan shape) and `flags`, every flag the plan stores. */
export function planFlags(plan: Pick<IPlan, 'flags'>): PlanFlags {
  const stored = plan.flags ?? {};
  const core = Object.fromEntries(PLAN_FLAGS.map((f) => [f, stored[f] === true])) as Record<
    CorePlanFlag,
    boolean
  >;
  return { ...core, flags: { ...core, ...onlyTrueOrFalse(stored) } };
}

const onlyTrueOrFalse = (flags: Record<string, unknown>): Record<string, boolean> =>
  Object.fromEntries(Object.entries(flags).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));

export function toPlanDto(plan: IPlan): PlanDto {
  return {
    id: plan.id,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    amount: Number(plan.amount),
    isPublic: plan.isPublic,
    ...planFlags(plan),
  };
}
