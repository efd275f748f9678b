/**
 * The ten feature flags a plan can switch on. The plugin host enforces them; plugins only declare one.
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

/** One of {@link PLAN_FLAGS}. @example const flag: PlanFlag = 'useKanban'; */
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** The flags of one plan, as the API returns them. @example flags.useKanban === true */
export type PlanFlags = Record<PlanFlag, boolean>;

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
