import { AppError, companyChannel, WEEKDAYS_EN } from '@balcao/sdk';
import { type DutyDay, type DutyDto, type DutyInput, WEEKDAYS_PT } from '../shared/duty.js';
import type { OnCallPorts } from './deps.js';
import { Duty, type IDuty } from './entities.js';
import { onCallErrors } from './errors.js';

/** The days in the week's order, each named as the spec names it (whatever name the client sent). */
const normalizeDays = (days: DutyInput['days']): DutyDay[] =>
  WEEKDAYS_EN.map((weekdayEn, i) => {
    const day = days.find((d) => d.weekdayEn === weekdayEn);
    return {
      weekday: WEEKDAYS_PT[i],
      weekdayEn,
      startTime: day?.startTime ?? '',
      endTime: day?.endTime ?? '',
    };
  });

/** The company's on-call entries (`em` arrives scoped to the company). */
export class DutiesService {
  constructor(private readonly deps: OnCallPorts) {}

  async list(): Promise<DutyDto[]> {
    return this.present(await this.deps.em.find(Duty, {}, { orderBy: { id: 'asc' } }));
  }

  async find(id: number): Promise<DutyDto> {
    return (await this.present([await this.load(id)]))[0];
  }

  async create(companyId: number, input: DutyInput): Promise<DutyDto> {
    await this.checkUser(input.userId);
    const duty = this.deps.em.create(Duty, {
      companyId,
      userId: input.userId,
      phone: input.phone,
      interval: input.interval,
      days: normalizeDays(input.days),
    });
    await this.deps.em.flush();
    return this.publish(duty, 'create');
  }

  async update(id: number, input: DutyInput): Promise<DutyDto> {
    const duty = await this.load(id);
    await this.checkUser(input.userId);
    Object.assign(duty, {
      userId: input.userId,
      phone: input.phone,
      interval: input.interval,
      days: normalizeDays(input.days),
    });
    await this.deps.em.flush();
    return this.publish(duty, 'update');
  }

  async remove(companyId: number, id: number): Promise<void> {
    await this.deps.em.removeAndFlush(await this.load(id));
    await this.deps.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'plantao'),
      data: { action: 'delete', plantaoId: id },
    });
  }

  private async publish(duty: IDuty, action: 'create' | 'update'): Promise<DutyDto> {
    const [dto] = await this.present([duty]);
    await this.deps.realtime.publish({
      companyId: duty.companyId,
      channel: companyChannel(duty.companyId, 'plantao'),
      data: { action, plantao: dto },
    });
    return dto;
  }

  private async load(id: number): Promise<IDuty> {
    const duty = await this.deps.em.findOne(Duty, { id });
    if (!duty) throw onCallErrors.raise('ERR_ON_CALL_NOT_FOUND');
    return duty;
  }

  private async checkUser(userId: number): Promise<void> {
    if (!(await this.deps.users.find(userId)))
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'userId', message: 'Unknown user' }] });
  }

  private async present(rows: IDuty[]): Promise<DutyDto[]> {
    const users = new Map((await this.deps.users.list()).map((u) => [u.id, u]));
    return rows.map((d) => {
      const user = users.get(d.userId);
      return {
        id: d.id,
        userId: d.userId,
        user: user ? { id: user.id, name: user.name } : null,
        phone: d.phone,
        interval: d.interval,
        days: d.days,
      };
    });
  }
}
