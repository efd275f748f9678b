import { type CompanyHours, type HoursPort, PG_INT_MAX, type TicketHours } from '@balcao/sdk';
import { companyClock } from '../../db/local-days.js';
import type { Cradle } from '../../kernel/container.js';
import { companySchedules, companyTimeZone } from './automation-facts.js';
import { outsideHours } from './out-of-hours.js';
import { isOpenAt, nextLocalDay, nextOpeningAt } from './working-hours.js';

const two = (n: number) => String(n).padStart(2, '0');

const isId = (id: unknown): id is number =>
  Number.isInteger(id) && (id as number) > 0 && (id as number) <= PG_INT_MAX;

/**
 * HoursPort for one company (sdk ports.ts): the working-hours automation's own judgement (`outsideHours`) of one of
 * its tickets, at the scope's clock, and the company's wall clock then.
 */
export class CompanyHoursPort implements HoursPort {
  constructor(
    private readonly scope: Cradle,
    private readonly companyId: number,
  ) {}

  async ofTicket(ticketId: number): Promise<TicketHours | null> {
    if (!isId(ticketId)) return null;
    const [ticket] = await this.scope.em
      .getConnection()
      .execute<{ queue_id: number | null; whatsapp_id: number | null }[]>(
        'select queue_id, whatsapp_id from tickets where id = ? and company_id = ?',
        [ticketId, this.companyId],
      );
    if (!ticket) return null;
    const { outOfHours } = await outsideHours(this.scope, this.companyId, {
      queueId: ticket.queue_id,
      whatsappId: ticket.whatsapp_id,
    });
    const wall = companyClock(this.scope.clock.now(), companyTimeZone(this.companyId));
    return { outOfHours, weekday: wall.weekday, time: `${two(wall.hour)}:${two(wall.minute)}` };
  }

  /** The company's own weekly rows at the scope's clock (campaign send windows and daily caps). */
  async ofCompany(): Promise<CompanyHours> {
    const now = this.scope.clock.now();
    const zone = companyTimeZone(this.companyId);
    const rows = await companySchedules(this.scope, this.companyId);
    const wall = companyClock(now, zone);
    return {
      open: isOpenAt(rows, now, zone),
      weekday: wall.weekday,
      time: `${two(wall.hour)}:${two(wall.minute)}`,
      date: `${wall.year}-${two(wall.month)}-${two(wall.day)}`,
      now,
      nextOpening: nextOpeningAt(rows, now, zone),
      nextDay: nextLocalDay(now, zone),
    };
  }
}
