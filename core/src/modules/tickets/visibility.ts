import { DEFAULT_COMPANY_SETTINGS, type TicketAudience } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';

/** What decides which tickets a user sees (spec part 1 §6). */
export interface TicketAccess {
  userId: number;
  isAdmin: boolean;
  allTicket: boolean;
  allowGroup: boolean;
  /** The user's queues; for an admin, every queue of the company (loadTicketAccess). */
  queueIds: number[];
  /**
   * `queueIds` is every queue of the company (an admin): the unassigned tickets of the own view are then all of them,
   * one list branch instead of one per queue.
   */
  everyQueue?: boolean;
}

/** Who may receive a ticket's events, read from a ticket row, entity or DTO (missing owner or queue: none). */
export const audienceOf = (t: {
  userId?: number | null;
  queueId?: number | null;
  isGroup: boolean;
}): TicketAudience => ({ userId: t.userId ?? null, queueId: t.queueId ?? null, isGroup: t.isGroup });

/**
 * Who sees every ticket: spec part 1 §6, "admin, or users with allTicket enable or allowGroup, see all loaded tickets".
 * In the ticket list that is with Show all on; without it they see their own view (inOwnView).
 */
export const seesAllTickets = (a: Pick<TicketAccess, 'isAdmin' | 'allTicket' | 'allowGroup'>): boolean =>
  a.isAdmin || a.allTicket || a.allowGroup;

/**
 * One's own view (everyone's list with Show all off): the tickets one owns and the unassigned ones in one's queues
 * (or in no queue yet, so someone can pick them up). Groups are for allowGroup: without it, one sees only a group
 * ticket one holds (say, transferred to one).
 */
export function inOwnView(a: TicketAccess, t: TicketAudience): boolean {
  if (t.isGroup && a.allowGroup) return true;
  if (t.userId === a.userId) return true;
  if (t.userId !== null || t.isGroup) return false;
  return t.queueId === null || a.queueIds.includes(t.queueId);
}

/** Whether the user may see the ticket at all (one ticket, its messages and notes, its realtime events and room). */
export function canSeeTicket(a: TicketAccess, t: TicketAudience): boolean {
  return seesAllTickets(a) || inOwnView(a, t);
}

/** A user's ticket access and whether numbers are masked for them (LGPD: profile user, setting enabled). */
export interface ViewerAccess extends TicketAccess {
  hideNumbers: boolean;
}

/**
 * SQL: whether the user row aliased `u` sees masked numbers (LGPD, spec part 1 §6: profile user while the company's
 * lgpdHideNumber is enabled). @example `select ${hidesNumbersSql('u')} as hide_numbers from users u`
 */
export const hidesNumbersSql = (u: string): string =>
  `${u}.profile = 'user' and coalesce((select s.value from company_settings s
                                        where s.company_id = ${u}.company_id and s.key = 'lgpdHideNumber'),
                                      '${DEFAULT_COMPANY_SETTINGS.lgpdHideNumber}') = 'enabled'`;

/**
 * The access of a user, with the LGPD rule for them, in one read (every list and socket starts here). An admin counts
 * as in every queue of the company (spec part 1 §6, an admin sees all tickets): their own view, and so the list's
 * "all queues", shows the customers waiting in any queue even when the admin belongs to none (issue 24).
 */
export async function loadTicketAccess(em: EntityManager, userId: number): Promise<ViewerAccess> {
  const [user] = await preparedRows<{
    profile: string;
    all_ticket: string;
    allow_group: boolean;
    queue_ids: number[];
    hide_numbers: boolean;
  }>(
    em,
    `select u.profile, u.all_ticket, u.allow_group,
            case when u.profile = 'admin'
                 then array(select q.id from queues q where q.company_id = u.company_id)
                 else array(select uq.queue_id from user_queues uq where uq.user_id = u.id) end as queue_ids,
            ${hidesNumbersSql('u')} as hide_numbers
       from (select ?::int as id) k left join users u on u.id = k.id`,
    [userId],
  );
  return {
    userId,
    isAdmin: user?.profile === 'admin',
    allTicket: user?.all_ticket === 'enable',
    allowGroup: user?.allow_group ?? false,
    queueIds: user?.queue_ids ?? [],
    everyQueue: user?.profile === 'admin',
    hideNumbers: user?.hide_numbers ?? true,
  };
}

/** Who may see a company's ticket (its attendant, queue, and whether it is a group's), or null when it has none such. */
export async function readTicketAudience(
  em: EntityManager,
  companyId: number,
  ticketId: number,
): Promise<TicketAudience | null> {
  const [t] = await preparedRows<{ user_id: number | null; queue_id: number | null; is_group: boolean }>(
    em,
    'select user_id, queue_id, is_group from tickets where company_id = ? and id = ?',
    [companyId, ticketId],
  );
  return t ? { userId: t.user_id, queueId: t.queue_id, isGroup: t.is_group } : null;
}
