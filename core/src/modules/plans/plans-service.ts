import {
  AppError,
  type CorePlanFlag,
  PLAN_FLAGS,
  type PlanCreateInput,
  type PlanDto,
  type PlanUpdateInput,
  type RealtimePort,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { flushOrConflict } from '../../db/sql-helpers.js';
import { Company } from '../companies/company.entity.js';
import { Plan } from './plan.entity.js';
import type { PlanGate } from './plan-gate.js';
import { toPlanDto } from './plan-presenter.js';
import { announcePlanChange } from './plan-realtime.js';

const unknownFlag = (key: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ path: `flags.${key}`, message: 'Unknown plan flag' }] });

const nameTaken = () =>
  new AppError('ERR_VALIDATION', 409, { fields: [{ path: 'name', message: 'ERR_NAME_TAKEN' }] });
/** Two saves racing past the name check: the index's refusal answers like the check. */
const NAME_CONFLICT = { plans_name_unique: nameTaken };

export class PlansService {
  private readonly em: EntityManager;
  private readonly planGate: PlanGate;
  private readonly realtime: RealtimePort;

  constructor({ em, planGate, realtime }: { em: EntityManager; planGate: PlanGate; realtime: RealtimePort }) {
    this.em = em;
    this.planGate = planGate;
    this.realtime = realtime;
  }

  async list(): Promise<PlanDto[]> {
    const plans = await this.em.find(Plan, {}, { orderBy: { amount: 'asc', id: 'asc' } });
    return plans.map(toPlanDto);
  }

  /** The plans the signup page offers: the public ones. */
  async listPublic(): Promise<PlanDto[]> {
    const plans = await this.em.find(Plan, { isPublic: true }, { orderBy: { amount: 'asc', id: 'asc' } });
    return plans.map(toPlanDto);
  }

  async get(id: number): Promise<PlanDto> {
    return toPlanDto(await this.find(id));
  }

  async create(input: PlanCreateInput): Promise<PlanDto> {
    await this.assertNameFree(input.name);
    const { flags, rest } = this.splitFlags(input);
    const off = Object.fromEntries(PLAN_FLAGS.map((f) => [f, false]));
    const plan = this.em.create(Plan, { ...rest, flags: { ...off, ...flags } });
    await flushOrConflict(this.em, NAME_CONFLICT);
    return toPlanDto(plan);
  }

  async update(id: number, input: PlanUpdateInput): Promise<PlanDto> {
    const plan = await this.find(id);
    if (input.name && input.name.toLowerCase() !== plan.name.toLowerCase())
      await this.assertNameFree(input.name);
    const { flags, rest } = this.splitFlags(input);
    this.em.assign(plan, { ...rest, flags: { ...plan.flags, ...flags } });
    await flushOrConflict(this.em, NAME_CONFLICT);
    await this.planGate.changed();
    await announcePlanChange({ em: this.em, realtime: this.realtime }, plan.id);
    return toPlanDto(plan);
  }

  async remove(id: number): Promise<void> {
    const plan = await this.find(id);
    if ((await this.em.count(Company, { planId: id })) > 0) throw new AppError('ERR_PLAN_IN_USE', 409);
    await this.em.remove(plan).flush();
  }

  /**
   * The flags a write sets: `flags`' keys, then the core fields (a field wins over the same key in `flags`). A key no
   * loaded plugin declares is refused (a stored flag of a plugin not loaded now is kept, never written blind).
   */
  private splitFlags<T extends PlanUpdateInput>(
    input: T,
  ): { flags: Record<string, boolean>; rest: Omit<T, 'flags' | CorePlanFlag> } {
    const { flags: sent = {}, ...rest } = input;
    const flags: Record<string, boolean> = { ...sent };
    for (const key of Object.keys(sent)) if (!this.planGate.declared.has(key)) throw unknownFlag(key);
    const fields = rest as Record<string, unknown>;
    for (const key of PLAN_FLAGS) {
      if (typeof fields[key] === 'boolean') flags[key] = fields[key] as boolean;
      delete fields[key];
    }
    return { flags, rest: fields as Omit<T, 'flags' | CorePlanFlag> };
  }

  private async find(id: number) {
    const plan = await this.em.findOne(Plan, { id });
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404);
    return plan;
  }

  private async assertNameFree(name: string): Promise<void> {
    const taken = await this.em
      .getConnection()
      .execute('select 1 from plans where lower(name) = lower(?)', [name]);
    if (taken.length) throw nameTaken();
  }
}
