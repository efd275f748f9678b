import { AppError, type PlanCreateInput, type PlanDto, type PlanUpdateInput } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { flushOrConflict } from '../../db/sql-helpers.js';
import { Company } from '../companies/company.entity.js';
import { Plan } from './plan.entity.js';
import type { PlanGate } from './plan-gate.js';
import { toPlanDto } from './plan-presenter.js';

const nameTaken = () =>
  new AppError('ERR_VALIDATION', 409, { fields: [{ path: 'name', message: 'ERR_NAME_TAKEN' }] });
/** Two saves racing past the name check: the index's refusal answers like the check. */
const NAME_CONFLICT = { plans_name_unique: nameTaken };

export class PlansService {
  private readonly em: EntityManager;
  private readonly planGate: PlanGate;

  constructor({ em, planGate }: { em: EntityManager; planGate: PlanGate }) {
    this.em = em;
    this.planGate = planGate;
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
    const plan = this.em.create(Plan, input);
    await flushOrConflict(this.em, NAME_CONFLICT);
    return toPlanDto(plan);
  }

  async update(id: number, input: PlanUpdateInput): Promise<PlanDto> {
    const plan = await this.find(id);
    if (input.name && input.name.toLowerCase() !== plan.name.toLowerCase())
      await this.assertNameFree(input.name);
    this.em.assign(plan, input);
    await flushOrConflict(this.em, NAME_CONFLICT);
    await this.planGate.changed();
    return toPlanDto(plan);
  }

  async remove(id: number): Promise<void> {
    const plan = await this.find(id);
    if ((await this.em.count(Company, { planId: id })) > 0) throw new AppError('ERR_PLAN_IN_USE', 409);
    await this.em.remove(plan).flush();
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
