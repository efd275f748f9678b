import {
  AppError,
  COMPANIES_CHANNEL,
  type CompanyCreateInput,
  type CompanyDto,
  type CompanyUpdateInput,
  defaultWeeklySchedule,
  type EventsPort,
  type RealtimePort,
  type ScheduleRow,
} from '@balcao/sdk';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessGate } from '../auth/access-gate.js';
import { revokeSessions } from '../auth/revoke-sessions.js';
import { Plan } from '../plans/plan.entity.js';
import type { PlanGate } from '../plans/plan-gate.js';
import { toPlanDto } from '../plans/plan-presenter.js';
import { announcePlanChange } from '../plans/plan-realtime.js';
import { SettingsService } from '../settings/settings-service.js';
import { User } from '../users/user.entity.js';
import { hashPassword, PAGE_SIZE } from '../users/users-service.js';
import { Company, type ICompany } from './company.entity.js';
import { PLATFORM_COMPANY_ID, toCompanyDto } from './company-presenter.js';

/** What `create` takes: the schema's output, the form counts optional (signup leaves them at 1). */
export type NewCompany = Omit<CompanyCreateInput, 'numberAttendants' | 'numberConections'> &
  Partial<Pick<CompanyCreateInput, 'numberAttendants' | 'numberConections'>>;

export interface NewCompanyAdmin {
  name: string;
  email: string;
  password: string;
  /** The admin's WhatsApp number (password reset codes go there); null when none is known. */
  wpp?: string | null;
}

/** Companies (tenants), managed by super users; signup creates one through `create` too. */
export class CompaniesService {
  private readonly em: EntityManager;
  private readonly planGate: PlanGate;
  private readonly events: EventsPort;

  private readonly accessGate: Pick<AccessGate, 'end'> | undefined;
  private readonly realtime: RealtimePort | undefined;

  constructor({
    em,
    planGate,
    events,
    accessGate,
    realtime,
  }: {
    em: EntityManager;
    planGate: PlanGate;
    events: EventsPort;
    accessGate?: Pick<AccessGate, 'end'>;
    /** Where super users' open companies lists hear of changes (absent: nobody is told). */
    realtime?: RealtimePort;
  }) {
    this.em = em;
    this.planGate = planGate;
    this.events = events;
    this.accessGate = accessGate;
    this.realtime = realtime;
  }

  /** Tells super users' open companies lists (COMPANIES_CHANNEL): a company created or changed, or gone. */
  private async publish(
    data: { action: 'update'; company: CompanyDto } | { action: 'delete'; companyId: number },
  ) {
    await this.realtime?.publish({ companyId: null, channel: COMPANIES_CHANNEL, data, superOnly: true });
  }

  async list(searchParam = '', pageNumber?: number) {
    const term = `%${searchParam.replace(/[%_\\]/g, '\\$&')}%`;
    const where = searchParam ? { $or: [{ name: { $ilike: term } }, { email: { $ilike: term } }] } : {};
    const [rows, count] = await this.em.findAndCount(Company, where, {
      orderBy: { id: 'asc' },
      ...(pageNumber ? { limit: PAGE_SIZE, offset: PAGE_SIZE * (pageNumber - 1) } : {}),
    });
    const companies = await this.withPlans(rows);
    return { companies, count, hasMore: pageNumber ? count > PAGE_SIZE * pageNumber : false };
  }

  async get(id: number): Promise<CompanyDto> {
    const [dto] = await this.withPlans([await this.find(id)]);
    return dto;
  }

  /** The company's service hours: its rows, or the spec's default week when none were set. */
  async schedules(id: number): Promise<ScheduleRow[]> {
    return (await this.find(id)).schedules ?? defaultWeeklySchedule();
  }

  /** `PUT /companies/{id}/schedules`: the company's service hours (validated rows, a row per weekday). */
  async setSchedules(id: number, rows: ScheduleRow[]): Promise<ScheduleRow[]> {
    const company = await this.find(id);
    company.schedules = rows;
    await this.em.flush();
    return rows;
  }

  /**
   * Creates the company, its default settings and, when a password is given (`passwordDefault` on the form,
   * `password` from older callers), its first admin user, named and addressed like the company.
   */
  async create(input: NewCompany, admin?: NewCompanyAdmin): Promise<CompanyDto> {
    await this.assertPlan(input.planId);
    await this.assertNameFree(input.name);
    const { password: given, passwordDefault, ...fields } = input;
    const password = passwordDefault ?? given;
    const first = admin ?? (password ? { name: input.name, email: input.email, password } : undefined);
    if (first) await this.assertEmailFree(first.email);
    const company = await this.em.transactional(async (em) => {
      const created = em.create(Company, { ...fields, dueDate: fields.dueDate ?? null });
      await em.flush();
      await new SettingsService({ em }).seedCompany(created.id);
      const adminUser = first;
      if (adminUser) {
        em.create(User, {
          companyId: created.id,
          name: adminUser.name,
          email: adminUser.email,
          passwordHash: await hashPassword(adminUser.password),
          profile: 'admin',
          wpp: adminUser.wpp ?? null,
        });
        await em.flush();
      }
      return created;
    });
    await this.events.emit('company.created', { companyId: company.id });
    const created = await this.get(company.id);
    await this.publish({ action: 'update', company: created });
    return created;
  }

  async update(id: number, input: CompanyUpdateInput): Promise<CompanyDto> {
    const company = await this.find(id);
    if (input.planId) await this.assertPlan(input.planId);
    if (input.name && input.name.toLowerCase() !== company.name.toLowerCase())
      await this.assertNameFree(input.name);
    // Switching the platform's company off would lock the super admin out of the platform.
    if (id === PLATFORM_COMPANY_ID && input.status === false) throw new AppError('ERR_PLATFORM_COMPANY', 400);
    const switchedOff = company.status && input.status === false;
    const planSwitched = input.planId !== undefined && input.planId !== company.planId;
    const { password: _password, ...fields } = input;
    this.em.assign(company, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
    await this.em.flush();
    await this.planGate.changed();
    if (planSwitched && this.realtime)
      await announcePlanChange({ em: this.em, realtime: this.realtime }, company.planId, [id]);
    if (switchedOff) await this.endSessions(id);
    const updated = await this.get(id);
    await this.publish({ action: 'update', company: updated });
    return updated;
  }

  /**
   * Deletes the company and everything it holds: core tables go with it (their foreign keys cascade), then
   * `company.deleted` tells every subscriber (plugins' tables, stored media) to remove the rest. Company 1 owns the
   * platform and is never deleted.
   */
  async remove(id: number): Promise<void> {
    if (id === PLATFORM_COMPANY_ID) throw new AppError('ERR_PLATFORM_COMPANY', 400);
    const company = await this.find(id);
    const sessions = await this.em
      .getConnection()
      .execute<{ id: string }[]>('select id from auth_sessions where company_id = ? and revoked_at is null', [
        id,
      ]);
    try {
      await this.em.remove(company).flush();
    } catch (err) {
      // A plugin table referencing the company without `on delete cascade` keeps it: nothing was deleted.
      if (err instanceof ForeignKeyConstraintViolationException)
        throw new AppError('ERR_COMPANY_IN_USE', 409);
      throw err;
    }
    this.planGate.invalidate();
    // Its users' sessions went with it (cascade): their tokens and sockets end now.
    await this.accessGate?.end(sessions.map((s) => s.id));
    await this.events.emit('company.deleted', { companyId: id });
    await this.publish({ action: 'delete', companyId: id });
  }

  /** A company switched off: its users' sessions end now (refresh tokens, access tokens and sockets). */
  private async endSessions(companyId: number): Promise<void> {
    await this.accessGate?.end(await revokeSessions(this.em, { companyId }));
  }

  private async find(id: number): Promise<ICompany> {
    const company = await this.em.findOne(Company, { id });
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
    return company;
  }

  private async withPlans(rows: ICompany[]): Promise<CompanyDto[]> {
    const plans = await this.em.find(Plan, { id: { $in: [...new Set(rows.map((c) => c.planId))] } });
    const byId = new Map(plans.map((p) => [p.id, toPlanDto(p)]));
    return rows.map((c) => toCompanyDto(c, byId.get(c.planId)));
  }

  private async assertPlan(planId: number): Promise<void> {
    if (!(await this.em.findOne(Plan, { id: planId }, { fields: ['id'] }))) {
      throw new AppError('ERR_NO_PLAN_FOUND', 404);
    }
  }

  private async assertNameFree(name: string): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute('select 1 from companies where lower(name) = lower(?)', [name]);
    if (rows.length) throw new AppError('ERR_DUPLICATED_COMPANY', 409);
  }

  private async assertEmailFree(email: string): Promise<void> {
    if (await this.em.findOne(User, { email }, { filters: false, fields: ['id'] })) {
      throw new AppError('ERR_DUPLICATED_EMAIL', 409);
    }
  }
}
