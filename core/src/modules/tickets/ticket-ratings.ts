import { AppError } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

declare module '../../kernel/container.js' {
  interface Cradle {
    ticketRatings: TicketRatings;
  }
}

/** The scale a customer rates an attendance on (NPS: 0–10). @example RATE_MAX === 10 */
export const RATE_MAX = 10;

/**
 * Customers' ratings of tickets, one per ticket (the latest attendance's), for the dashboard's NPS and attendants
 * (docs/dashboard.md). The automation engine asks for a rating when a ticket closes (`markAsked`: the dashboard
 * counts it as waiting) and records the answer (`record`); the rating belongs to the attendant the ticket had.
 * Asking again (a reopened ticket closed anew) starts over: the earlier answer is dropped.
 */
export class TicketRatings {
  private readonly em: EntityManager;

  constructor({ em }: { em: EntityManager }) {
    this.em = em;
  }

  /** A rating was asked for the ticket and is not answered yet. @example await ticketRatings.markAsked(1, 42) */
  async markAsked(companyId: number, ticketId: number): Promise<void> {
    const rows = await this.em.getConnection().execute<{ id: number }[]>(
      `insert into ticket_ratings (company_id, ticket_id, ticket_created_at, user_id, asked_at)
       select company_id, id, created_at, user_id, now() from tickets where company_id = ? and id = ?
       on conflict (ticket_id) do update
         set asked_at = excluded.asked_at, user_id = excluded.user_id, rate = null, rated_at = null, updated_at = now()
       returning id`,
      [companyId, ticketId],
    );
    if (!rows.length) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  }

  /**
   * The rating stopped waiting without an answer (the ticket closed without one, or the contact went back to the
   * service): the ask is forgotten, so the dashboard counts the ticket as closed without rating, not waiting. An
   * answered rating stays. @example await ticketRatings.withdraw(1, 42)
   */
  async withdraw(companyId: number, ticketId: number): Promise<void> {
    await this.em
      .getConnection()
      .execute('delete from ticket_ratings where company_id = ? and ticket_id = ? and rate is null', [
        companyId,
        ticketId,
      ]);
  }

  /**
   * The customer's answer, an integer 0–10 (a 1–5 scale is the caller's to map). It keeps the attendant the rating
   * was asked about, or takes the ticket's. @example await ticketRatings.record(1, 42, 9)
   */
  async record(companyId: number, ticketId: number, rate: number): Promise<void> {
    if (!Number.isInteger(rate) || rate < 0 || rate > RATE_MAX) {
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'rate', message: 'Invalid rate' }] });
    }
    const rows = await this.em.getConnection().execute<{ id: number }[]>(
      `insert into ticket_ratings (company_id, ticket_id, ticket_created_at, user_id, rate, rated_at)
       select company_id, id, created_at, user_id, ?, now() from tickets where company_id = ? and id = ?
       on conflict (ticket_id) do update
         set rate = excluded.rate, rated_at = excluded.rated_at,
             user_id = coalesce(ticket_ratings.user_id, excluded.user_id), updated_at = now()
       returning id`,
      [rate, companyId, ticketId],
    );
    if (!rows.length) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  }
}
