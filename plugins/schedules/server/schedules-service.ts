import { AppError, type ContactDto, companyChannel } from '@balcao/sdk';
import type { ScheduleDto, ScheduleInput, SchedulePageDto } from '../shared/schedule.js';
import type { SchedulesPorts } from './deps.js';
import { schedulesErrors } from './errors.js';
import { toScheduleDto } from './presenter.js';
import { type ISchedule, Schedule } from './schedule.entity.js';

const PAGE_SIZE = 20;
/** How many contacts a search by name may match (the contacts port's page at most). */
const SEARCH_CONTACTS = 200;

/** The job that sends one schedule at its time; `due` (every minute) sweeps up whatever it missed. */
export const SEND_JOB = 'send';
export const sendJobKey = (id: number) => `schedule-${id}`;

/** The company's scheduled messages: list, create, edit, delete, retry. `em` arrives scoped to the company. */
export class SchedulesService {
  constructor(private readonly deps: SchedulesPorts) {}

  async list(query: {
    searchParam: string;
    pageNumber: number;
    contactId?: number;
  }): Promise<SchedulePageDto> {
    const where: Record<string, unknown> = {};
    if (query.contactId) where.contactId = query.contactId;
    if (query.searchParam) {
      const like = `%${query.searchParam.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const contacts = await this.deps.contacts.list({ search: query.searchParam, limit: SEARCH_CONTACTS });
      where.$or = [{ body: { $ilike: like } }, { contactId: { $in: contacts.map((c) => c.id) } }];
    }
    const [rows, count] = await this.deps.em.findAndCount(Schedule, where, {
      orderBy: { sendAt: 'asc', id: 'asc' },
      limit: PAGE_SIZE,
      offset: PAGE_SIZE * (query.pageNumber - 1),
    });
    return { schedules: await this.present(rows), hasMore: count > PAGE_SIZE * query.pageNumber };
  }

  async find(id: number): Promise<ScheduleDto> {
    return (await this.present([await this.load(id)]))[0];
  }

  async create(companyId: number, userId: number, input: ScheduleInput): Promise<ScheduleDto> {
    await this.checkContact(input.contactId);
    await this.checkMedia(input);
    const sendAt = new Date(input.sendAt);
    const schedule = this.deps.em.create(Schedule, {
      companyId,
      contactId: input.contactId,
      userId,
      body: input.body,
      sendAt,
      startsAt: sendAt,
      status: 'pending',
      recurrence: input.recurrence,
      recurrenceEnd: input.recurrenceEnd ? new Date(input.recurrenceEnd) : null,
      sentCount: 0,
      occurrence: 0,
      ...this.mediaFields(input),
    });
    await this.deps.em.flush();
    await this.plan(schedule);
    return this.publish(schedule, 'create');
  }

  /** Edits a schedule not sent yet: its next send moves to the new time (a failed one is pending again). */
  async update(id: number, input: ScheduleInput): Promise<ScheduleDto> {
    const schedule = await this.load(id);
    if (schedule.status === 'sent') throw schedulesErrors.raise('ERR_SCHEDULE_ALREADY_SENT');
    if (schedule.status === 'sending') throw schedulesErrors.raise('ERR_SCHEDULE_SENDING');
    await this.checkContact(input.contactId);
    await this.checkMedia(input);
    const sendAt = new Date(input.sendAt);
    Object.assign(schedule, {
      contactId: input.contactId,
      body: input.body,
      sendAt,
      // Recurring sends count from the new time; sentCount stays, so the next send's idempotency key is a new one.
      startsAt: sendAt,
      occurrence: 0,
      status: 'pending',
      error: null,
      recurrence: input.recurrence,
      recurrenceEnd: input.recurrenceEnd ? new Date(input.recurrenceEnd) : null,
      ...this.mediaFields(input),
    });
    await this.deps.em.flush();
    await this.plan(schedule);
    return this.publish(schedule, 'update');
  }

  async remove(companyId: number, id: number): Promise<void> {
    const schedule = await this.load(id);
    await this.deps.em.removeAndFlush(schedule);
    await this.deps.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'schedule'),
      data: { action: 'delete', scheduleId: id },
    });
  }

  /** A failed schedule goes again: now, or at its time if that is still ahead. */
  async retry(id: number): Promise<ScheduleDto> {
    const schedule = await this.load(id);
    if (schedule.status !== 'error') throw schedulesErrors.raise('ERR_SCHEDULE_NOT_FAILED');
    schedule.status = 'pending';
    schedule.error = null;
    if (schedule.sendAt.getTime() < Date.now()) schedule.sendAt = new Date();
    await this.deps.em.flush();
    await this.plan(schedule);
    return this.publish(schedule, 'update');
  }

  /** Books the send job at the schedule's time, one per schedule (a new time replaces the old one). */
  async plan(schedule: Pick<ISchedule, 'id' | 'companyId' | 'sendAt'>): Promise<void> {
    await this.deps.jobs.schedule(
      schedule.sendAt,
      SEND_JOB,
      { companyId: schedule.companyId, scheduleId: schedule.id },
      { uniqueKey: sendJobKey(schedule.id) },
    );
  }

  /** Tells the company's open screens about the schedule; answers it as they get it. */
  async publish(schedule: ISchedule, action: 'create' | 'update'): Promise<ScheduleDto> {
    const [dto] = await this.present([schedule]);
    const { companyId } = schedule;
    await this.deps.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'schedule'),
      data: { action, schedule: dto },
    });
    return dto;
  }

  private async load(id: number): Promise<ISchedule> {
    const schedule = await this.deps.em.findOne(Schedule, { id });
    if (!schedule) throw schedulesErrors.raise('ERR_SCHEDULE_NOT_FOUND');
    return schedule;
  }

  private async checkContact(contactId: number): Promise<void> {
    const contact = await this.deps.contacts.find(contactId);
    if (!contact)
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'contactId', message: 'Unknown' }] });
  }

  /** An attachment must be a file of the company's store (uploaded through `POST /api/schedules/media`). */
  private async checkMedia(input: ScheduleInput): Promise<void> {
    if (input.media && !(await this.deps.media.read(input.media.url)))
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'media', message: 'Unknown media' }] });
  }

  private mediaFields(input: ScheduleInput) {
    return {
      mediaUrl: input.media?.url ?? null,
      mediaType: input.media?.type ?? null,
      mediaName: input.media?.name ?? null,
    };
  }

  private async present(rows: ISchedule[]): Promise<ScheduleDto[]> {
    const contacts = new Map<number, ContactDto | null>();
    for (const id of new Set(rows.map((r) => r.contactId)))
      contacts.set(id, await this.deps.contacts.find(id));
    return rows.map((r) => toScheduleDto(r, contacts.get(r.contactId) ?? null));
  }
}
