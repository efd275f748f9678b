import { type HoursPort, PG_INT_MAX, type TicketHours } from '@balcao/sdk';
import { companyClock } from '../../db/local-days.js';
import type { Cradle } from '../../kernel/container.js';
import { companyTimeZone } from './automation-facts.js';
import { outsideHours } from './out-of-hours.js';

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
    const two = (n: number) => String(n).padStart(2, '0');
    return { outOfHours, weekday: wall.weekday, time: `${two(wall.hour)}:${two(wall.minute)}` };
  }
}
