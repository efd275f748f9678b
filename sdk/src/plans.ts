/**
 * The ten core feature flags a plan can switch on (the spec's names). Plugins may declare more (`planFlags`). The
 * plugin host enforces them; plugins only name one.
 * @example definePlugin({ name: 'campaigns', planFlag: 'useCampaigns', ... })
 */
export const PLAN_FLAGS = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegration',
] as const;

/** One of the ten core flags ({@link PLAN_FLAGS}). @example const flag: CorePlanFlag = 'useKanban'; */
export type CorePlanFlag = (typeof PLAN_FLAGS)[number];

/**
 * A plan flag: one of the ten core flags, or one a loaded plugin declares in `planFlags` (the host refuses a plugin that
 * names a flag nobody declares). The core names keep their autocompletion.
 * @example const flag: PlanFlag = 'useKanban'; const own: PlanFlag = 'useTour';
 */
export type PlanFlag = CorePlanFlag | (string & {});

/**
 * The flags of one plan, as the API returns them: the ten core flags as fields (the spec's plan shape) and `flags`,
 * the map of every flag the plan stores, core and plugin-declared alike (an absent key is off).
 * @example flags.useKanban === true; flags.flags.useTour === true
 */
export type PlanFlags = Record<CorePlanFlag, boolean> & { flags: Record<string, boolean> };

/**
 * Rule for a flag key a plugin declares: camelCase starting with `use` (like the core flags), at most 50 characters.
 * @example PLAN_FLAG_KEY.test('useTypebot') === true
 */
export const PLAN_FLAG_KEY = /^use[A-Z][A-Za-z0-9]{0,46}$/;

/** Whether `flag` is one of the ten core flags. @example isCorePlanFlag('useKanban') === true */
export function isCorePlanFlag(flag: string): flag is CorePlanFlag {
  return (PLAN_FLAGS as readonly string[]).includes(flag);
}

/**
 * Whether a plan (as the API or the session answers it) carries `flag`, core or plugin-declared. No plan: false.
 * @example planHas(user.company.plan, 'useTour')
 */
export function planHas(
  plan: (Partial<Record<CorePlanFlag, boolean>> & { flags?: Record<string, boolean> }) | null | undefined,
  flag: PlanFlag,
): boolean {
  if (!plan) return false;
  if (isCorePlanFlag(flag) && typeof plan[flag] === 'boolean') return plan[flag] === true;
  return plan.flags?.[flag] === true;
}

/** Company billing recurrences and the months each advances the due date by. @example RECURRENCE_MONTHS.ANUAL === 12 */
export const RECURRENCE_MONTHS = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
} as const;

/** A company's billing recurrence. @example const r: Recurrence = 'MENSAL'; */
export type Recurrence = keyof typeof RECURRENCE_MONTHS;

/**
 * Spec part 2 §4: the due date one recurrence period later (MENSAL 1 month … ANUAL 12), on the same day of the month,
 * or the month's last day where that day does not exist (31/01 + 1 month → 28/02 or 29/02). From `today` when the
 * company has no due date yet. Dates are `YYYY-MM-DD`.
 * @example advanceDueDate('2026-01-31', 'MENSAL', '2026-01-01') === '2026-02-28'
 */
export function advanceDueDate(dueDate: string | null, recurrence: Recurrence, today: string): string {
  const from = /^(\d{4})-(\d{2})-(\d{2})/.exec(dueDate ?? '') ?? /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!from) throw new RangeError(`not a date: ${today}`);
  const months = Number(from[1]) * 12 + Number(from[2]) - 1 + RECURRENCE_MONTHS[recurrence];
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(from[3]), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
