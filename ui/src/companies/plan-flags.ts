import { PLAN_FLAGS, type PlanDto, planHas } from '@balcao/sdk';

/** Every flag's value for the form: the ten core ones and each plugin-declared one the plan stores. */
export function initialPlanFlags(plan: PlanDto | null): Record<string, boolean> {
  const core = Object.fromEntries(PLAN_FLAGS.map((f) => [f, planHas(plan, f)]));
  return { ...plan?.flags, ...core };
}

/**
 * The form's flags as the API takes them: the core ones as the plan's fields (the spec's shape), the plugins' in
 * `flags`. @example planFlagsInput({ useKanban: true, useTour: false })
 */
export function planFlagsInput(flags: Record<string, boolean>): Record<string, unknown> {
  const core = new Set<string>(PLAN_FLAGS);
  return {
    ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, flags[f] === true])),
    flags: Object.fromEntries(Object.entries(flags).filter(([key]) => !core.has(key))),
  };
}
