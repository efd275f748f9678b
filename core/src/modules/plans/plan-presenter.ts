import { PLAN_FLAGS, type PlanDto, type PlanFlags } from '@balcao/sdk';
import type { IPlan } from './plan.entity.js';

export function planFlags(plan: IPlan): PlanFlags {
  return Object.fromEntries(PLAN_FLAGS.map((f) => [f, plan[f]])) as PlanFlags;
}

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
