import type { PlanFlag, PlanFlags } from '@balcao/sdk';

/**
 * What the kernel asks of the plan gate: which flags a company's plan has (cached), and the cache's invalidation
 * across instances. The plans module implements it (modules/plans/plan-gate.ts) and hands it to the kernel through
 * its definition's `planGate`; the kernel's job host, plugin host and the modules reach it as `planGate`.
 * @example if (!(await planGate.allows(companyId, 'useCampaigns'))) throw new AppError('ERR_NO_PERMISSION', 403)
 */
export interface PlanGuard {
  /** The company's plan flags, or null for a company that does not exist. */
  flags(companyId: number): Promise<PlanFlags | null>;
  /** True when the company's plan has `flag`; no flag is always allowed. */
  allows(companyId: number, flag: PlanFlag | undefined): Promise<boolean>;
  /** Ids of the active companies whose plan has `flag` (all active companies when there is no flag). */
  companiesWith(flag: PlanFlag | undefined): Promise<number[]>;
  /** Forgets what it cached (another instance announced a change). */
  invalidate(): void;
  /** How the other instances hear of a plan change (the kernel hands the realtime bus in). */
  announceChangesWith(tell: () => Promise<void>): void;
  /** A plan or a company's plan changed: forgotten here now, on the other instances as the bus tells them. */
  changed(): Promise<void>;
  /** The kernel tells, once the plugins are checked, which flags exist: the ten core ones and the plugins' declared. */
  declare(flags: Iterable<string>): void;
  /** Every flag a plan may store now (core and the loaded plugins' declared). */
  readonly declared: ReadonlySet<string>;
}
