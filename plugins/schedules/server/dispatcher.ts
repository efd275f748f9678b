import { AppError, COMPANY_TIMEZONE, nextOccurrence, type SendToContactInput } from '@balcao/sdk';
import type { SchedulesPorts } from './deps.js';
import type { ScheduleRow } from './presenter.js';
import { Schedule } from './schedule.entity.js';
import type { SchedulesService } from './schedules-service.js';

/** Rows one run claims at most; the next run (a minute later, or the next send job) takes the rest. */
const BATCH = 50;
/**
 * A row claimed longer ago than this belongs to a run that died (a crash, a deploy) between its claim and its mark:
 * the sweep claims it again. Its send, if it happened, is not repeated: the idempotency key answers the first message.
 */
export const STALE_CLAIM_MS = 2 * 60_000;

/** The key of one occurrence's send: the row and how many sends came before it. */
export const idempotencyKey = (row: Pick<ScheduleRow, 'id' | 'sent_count'>) =>
  `schedule-${row.id}-${row.sent_count}`;

/**
 * Sends the company's due schedules, each exactly once whatever runs at the same time: a row is claimed (pending →
 * sending) by one UPDATE whose subquery locks with SKIP LOCKED, so two workers never claim the same row; the send
 * carries a key derived from the row and its occurrence, so a run that dies after sending and before marking the row
 * sends nothing when the row is claimed again.
 */
export class ScheduleDispatcher {
  constructor(
    private readonly deps: SchedulesPorts,
    private readonly service: SchedulesService,
    /** How old a claim is when the sweep takes it as a dead run's (STALE_CLAIM_MS; a crash test shortens it). */
    private readonly staleClaimMs = STALE_CLAIM_MS,
  ) {}

  /**
   * Claims and sends what is due now (only `scheduleId` when given), the earliest first; answers how many were claimed.
   * The claim's RETURNING comes in no set order (its `in` runs through a hash), so the rows are put in time order here.
   */
  async run(companyId: number, scheduleId?: number): Promise<number> {
    const rows = await this.claim(companyId, new Date(), scheduleId);
    rows.sort((a, b) => new Date(a.send_at).getTime() - new Date(b.send_at).getTime() || a.id - b.id);
    for (const row of rows) await this.sendOne(companyId, row);
    return rows.length;
  }

  private async claim(companyId: number, now: Date, scheduleId?: number): Promise<ScheduleRow[]> {
    const staleBefore = new Date(now.getTime() - this.staleClaimMs);
    const params: unknown[] = [now, companyId, now, staleBefore];
    if (scheduleId) params.push(scheduleId);
    return this.deps.em.getConnection().execute<ScheduleRow[]>(
      `update schedules_schedules set status = 'sending', claimed_at = ?, updated_at = now()
        where id in (
          select id from schedules_schedules
           where company_id = ? and send_at <= ?
             and (status = 'pending' or (status = 'sending' and claimed_at < ?))
             ${scheduleId ? 'and id = ?' : ''}
           order by send_at, id
           limit ${BATCH}
           for update skip locked)
        returning *`,
      params,
    );
  }

  private async sendOne(companyId: number, row: ScheduleRow): Promise<void> {
    let error: string | null = null;
    try {
      await this.deps.messages.sendToContact(await this.input(row));
    } catch (err) {
      error = err instanceof AppError ? err.code : 'ERR_SEND_FAILED';
      this.deps.logger.warn({ err, companyId, scheduleId: row.id }, 'scheduled message not sent');
    }
    const next = error
      ? null
      : nextOccurrence(
          new Date(row.starts_at),
          row.recurrence,
          row.occurrence,
          row.recurrence_end ? new Date(row.recurrence_end) : null,
          new Date(),
          // The company's clock: a daily 09:00 stays 09:00 there across daylight saving.
          COMPANY_TIMEZONE,
        );
    // Marked only while still claimed by this run: a row deleted or edited meanwhile is left as the user made it.
    const marked = await this.deps.em.getConnection().execute<{ id: number }[]>(
      `update schedules_schedules
          set status = ?, error = ?, claimed_at = null, updated_at = now(),
              sent_at = case when ? then now() else sent_at end,
              sent_count = sent_count + case when ? then 1 else 0 end,
              send_at = coalesce(?::timestamptz, send_at),
              occurrence = coalesce(?::int, occurrence)
        where id = ? and company_id = ? and status = 'sending' and claimed_at is not null
        returning id`,
      [
        error ? 'error' : next ? 'pending' : 'sent',
        error,
        !error,
        !error,
        next?.at ?? null,
        next?.occurrence ?? null,
        row.id,
        companyId,
      ],
    );
    if (!marked.length) return;
    const schedule = await this.deps.em.findOne(Schedule, { id: row.id }, { refresh: true });
    if (!schedule) return;
    if (next) await this.service.plan(schedule);
    await this.service.publish(schedule, 'update');
  }

  /**
   * The connection of the contact's latest ticket (a web chat visitor's is the web chat), else the company's default.
   */
  private async input(row: ScheduleRow): Promise<SendToContactInput> {
    const [ticket] = await this.deps.tickets.list({ contactId: row.contact_id, limit: 1 });
    let connectionId = ticket?.whatsappId ?? null;
    if (connectionId && !(await this.deps.connections.find(connectionId))) connectionId = null;
    connectionId ??= (await this.deps.connections.default())?.id ?? null;
    if (!connectionId) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
    return {
      contactId: row.contact_id,
      connectionId,
      body: row.body,
      ...(row.media_url && row.media_type
        ? { media: { url: row.media_url, type: row.media_type as 'image' } }
        : {}),
      idempotencyKey: idempotencyKey(row),
    };
  }
}
