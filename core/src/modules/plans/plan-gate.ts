import { PLAN_FLAGS, type PlanFlag, type PlanFlags, planHas } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PlanGuard } from '../../kernel/plan-guard.js';
import { Company } from '../companies/company.entity.js';
import { Plan } from './plan.entity.js';
import { planFlags } from './plan-presenter.js';

const TTL_MS = 5_000;

/**
 * The one place plan flags are read for enforcement (routes, jobs, subscribers, /api/plugins).
 * Cached a few seconds per company; a change forgets the cache at once here and, through the bus, on other instances.
 */
export class PlanGate implements PlanGuard {
  private readonly cache = new Map<number, { at: number; flags: PlanFlags | null }>();
  private readonly orm: MikroORM;
  private tellOthers: (() => Promise<void>) | undefined;
  private declaredFlags: ReadonlySet<string> = new Set(PLAN_FLAGS);

  constructor({ orm }: { orm: MikroORM }) {
    this.orm = orm;
  }

  async flags(companyId: number): Promise<PlanFlags | null> {
    const hit = this.cache.get(companyId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.flags;
    // Callers that miss together share one read (when the entry lapses under load, every request in flight missed).
    let reading = this.reads.get(companyId);
    if (!reading) {
      reading = this.read(companyId).finally(() => {
        if (this.reads.get(companyId) === reading) this.reads.delete(companyId);
      });
      this.reads.set(companyId, reading);
    }
    return reading;
  }

  private readonly reads = new Map<number, Promise<PlanFlags | null>>();
  /** Bumped by every invalidation: a read that started before one is answered but not kept. */
  private generation = 0;

  private async read(companyId: number): Promise<PlanFlags | null> {
    const generation = this.generation;
    const em = this.orm.em.fork();
    const company = await em.findOne(Company, { id: companyId }, { fields: ['planId'] });
    const plan = company ? await em.findOne(Plan, { id: company.planId }) : null;
    const flags = plan ? planFlags(plan) : null;
    if (generation === this.generation) this.cache.set(companyId, { at: Date.now(), flags });
    return flags;
  }

  /** True when the company's plan has `flag`; a plugin without a flag is always allowed. */
  async allows(companyId: number, flag: PlanFlag | undefined): Promise<boolean> {
    if (!flag) return true;
    return planHas(await this.flags(companyId), flag);
  }

  /** The kernel tells, once the plugins are checked, which flags exist: the ten core ones and the plugins' declared. */
  declare(flags: Iterable<string>): void {
    this.declaredFlags = new Set([...PLAN_FLAGS, ...flags]);
  }

  /** Every flag a plan may store now (core and the loaded plugins' declared). */
  get declared(): ReadonlySet<string> {
    return this.declaredFlags;
  }

  /** Ids of the companies whose plan has `flag` (all active companies when there is no flag). */
  async companiesWith(flag: PlanFlag | undefined): Promise<number[]> {
    const em = this.orm.em.fork();
    const where = flag ? { status: true, planId: { $in: await this.plansWith(flag) } } : { status: true };
    const rows = await em.find(Company, where, { fields: ['id'], orderBy: { id: 'asc' } });
    return rows.map((r) => r.id);
  }

  invalidate(): void {
    this.generation++;
    this.cache.clear();
    // A read in flight may have seen the old plan: later callers read again.
    this.reads.clear();
  }

  /** How the other instances hear of a plan change (the kernel hands the realtime bus in). */
  announceChangesWith(tell: () => Promise<void>): void {
    this.tellOthers = tell;
  }

  /** A plan or a company's plan changed: forgotten here now, on the other instances as the bus tells them. */
  async changed(): Promise<void> {
    this.invalidate();
    await this.tellOthers?.();
  }

  private async plansWith(flag: PlanFlag): Promise<number[]> {
    const rows: { id: number }[] = await this.orm.em
      .fork()
      .getConnection()
      .execute('select id from plans where flags @> jsonb_build_object(?::text, true) order by id', [flag]);
    return rows.map((p) => p.id);
  }
}
