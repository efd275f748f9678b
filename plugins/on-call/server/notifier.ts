import type { ConnectionInfo, Language, TicketDto } from '@balcao/sdk';
import { onCallAt } from '../shared/duty.js';
import type { OnCallPorts } from './deps.js';
import { Duty, type IDuty } from './entities.js';
import { noticeLanguage, noticeText } from './notice-text.js';

/** Pending tickets looked at per run, newest first: a backlog larger than this is told about as it moves up. */
const TICKETS_PER_RUN = 500;

/**
 * The on-call notice (see the README): for each ticket waiting in pending outside its service hours, each person on
 * call at the company's weekday and time gets a WhatsApp message, at most once per their `interval` hours per ticket.
 * The notice is claimed before it is sent (one INSERT … ON CONFLICT DO UPDATE … WHERE older than the interval), so two
 * workers running at once send it once.
 */
export class OnCallNotifier {
  constructor(private readonly deps: OnCallPorts) {}

  async run(companyId: number): Promise<number> {
    const duties = await this.deps.em.find(Duty, {});
    if (!duties.length) return 0;
    const phones = new Set(duties.map((d) => d.phone));
    const pending = await this.deps.tickets.list({ status: 'pending', limit: TICKETS_PER_RUN });
    const language = noticeLanguage(await this.deps.settings.get(companyId, 'language'));
    let sent = 0;
    for (const ticket of pending) {
      // The on-call person's own answer to a notice is no customer waiting.
      if (ticket.isGroup || phones.has(ticket.contact.number)) continue;
      const hours = await this.deps.hours.ofTicket(ticket.id);
      if (!hours?.outOfHours) continue;
      for (const duty of duties.filter((d) => onCallAt(d.days, hours.weekday, hours.time))) {
        const notifiedAt = await this.claim(companyId, duty, ticket.id);
        if (notifiedAt && (await this.notify(duty, ticket, notifiedAt, language))) sent++;
      }
    }
    return sent;
  }

  /** The notice's time when this run may send it; null when one went less than `interval` hours ago. */
  private async claim(companyId: number, duty: IDuty, ticketId: number): Promise<Date | null> {
    const [row] = await this.deps.em.getConnection().execute<{ notified_at: Date | string }[]>(
      `insert into on_call_notices (company_id, duty_id, ticket_id, notified_at) values (?, ?, ?, now())
         on conflict (duty_id, ticket_id) do update set notified_at = excluded.notified_at
         where on_call_notices.notified_at <= excluded.notified_at - make_interval(hours => ?)
       returning notified_at`,
      [companyId, duty.id, ticketId, duty.interval],
    );
    return row ? new Date(row.notified_at) : null;
  }

  private async notify(duty: IDuty, ticket: TicketDto, at: Date, language: Language): Promise<boolean> {
    try {
      const connection = await this.connection();
      if (!connection) {
        this.deps.logger.warn(
          { dutyId: duty.id },
          'on-call notice not sent: no connection reaches phone numbers',
        );
        return false;
      }
      const user = await this.deps.users.find(duty.userId);
      const contact = await this.deps.contacts.findOrCreate({
        number: duty.phone,
        name: user?.name ?? duty.phone,
        channel: connection.channel,
      });
      await this.deps.messages.sendToContact({
        contactId: contact.id,
        connectionId: connection.id,
        body: noticeText(ticket, language),
        idempotencyKey: `on-call-${duty.id}-${ticket.id}-${at.getTime()}`,
        // The on-call person's conversation stays out of the attendants' lists unless they answer.
        holdUntilReply: true,
      });
      return true;
    } catch (err) {
      this.deps.logger.warn({ err, dutyId: duty.id, ticketId: ticket.id }, 'on-call notice not sent');
      return false;
    }
  }

  /** The company's default connection when its channel writes to phone numbers, else the first one that does. */
  private async connection(): Promise<ConnectionInfo | null> {
    const main = await this.deps.connections.default();
    const phones = await this.deps.connections.list({ reaches: 'phone-numbers' });
    return phones.find((c) => c.id === main?.id) ?? phones[0] ?? null;
  }
}
