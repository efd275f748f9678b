import { type MessageDto, maskMessage, type TicketAudience } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';
import { hidesNumbersSql, type ViewerAccess } from '../tickets/visibility.js';

/** A message with its contact's name and the quoted message (alias m). */
export const MESSAGE_SELECT = `
  select m.id, m.ticket_id, m.body, m.from_me, m.read, m.ack, m.media_type, m.media_url, m.is_deleted,
         m.is_edited, m.is_forwarded, m.is_private, m.queue_id, m.user_id, m.participant, m.created_at,
         m.delivery_error, m.contact_id, c.name as contact_name,
         qm.id as quoted_id, qm.body as quoted_body, qm.from_me as quoted_from_me,
         qm.media_type as quoted_media_type
    from messages m
    left join contacts c on c.id = m.contact_id
    left join messages qm on qm.id = m.quoted_msg_id`;

export interface MessageRow {
  id: string;
  ticket_id: number;
  body: string;
  from_me: boolean;
  read: boolean;
  ack: number;
  media_type: string;
  media_url: string | null;
  is_deleted: boolean;
  is_edited: boolean;
  is_forwarded: boolean;
  is_private: boolean;
  queue_id: number | null;
  user_id: number | null;
  participant: string | null;
  created_at: Date;
  delivery_error: string | null;
  contact_id: number | null;
  contact_name: string | null;
  quoted_id: string | null;
  quoted_body: string | null;
  quoted_from_me: boolean | null;
  quoted_media_type: string | null;
}

/** Numbers a message can carry (a contact card, the quoted card, the group sender) masked when `maskNumbers`. */
export const toMessageDto = (
  r: MessageRow,
  opts: { maskNumbers: boolean } = { maskNumbers: false },
): MessageDto => (opts.maskNumbers ? maskMessage(plainMessageDto(r)) : plainMessageDto(r));

const plainMessageDto = (r: MessageRow): MessageDto => ({
  id: Number(r.id),
  ticketId: r.ticket_id,
  body: r.body,
  fromMe: r.from_me,
  read: r.read,
  ack: r.ack,
  mediaType: r.media_type,
  mediaUrl: r.media_url,
  quotedMsg: r.quoted_id
    ? {
        id: Number(r.quoted_id),
        body: r.quoted_body ?? '',
        fromMe: r.quoted_from_me ?? false,
        mediaType: r.quoted_media_type ?? 'chat',
      }
    : null,
  isDeleted: r.is_deleted,
  isEdited: r.is_edited,
  isForwarded: r.is_forwarded,
  isPrivate: r.is_private,
  queueId: r.queue_id,
  userId: r.user_id,
  deliveryError: r.delivery_error,
  participant: r.participant,
  contact: r.contact_id ? { id: r.contact_id, name: r.contact_name ?? '' } : null,
  createdAt: new Date(r.created_at).toISOString(),
});

export const MESSAGE_PAGE_SIZE = 20;

/**
 * Spec §7 `selectedQueues`: only the messages handled in those queues, and those in none (the peers' filter); no
 * condition at all when none are chosen, so the usual statement stays the same.
 */
const inQueues = (queueIds: readonly number[] = []): { sql: string; params: unknown[] } =>
  queueIds.length
    ? // A PostgreSQL array literal: a JS array bound to `?` is spread into a list by the query builder (`any(3, 5)`).
      {
        sql: 'and (p.queue_id is null or p.queue_id = any(?::int[]))',
        params: [`{${queueIds.map(Number).join(',')}}`],
      }
    : { sql: '', params: [] };

/**
 * One page of a ticket's messages (`ticket`: its id, as SQL), newest first, as `MESSAGE_SELECT` rows: the page's ids
 * are picked first off messages_ticket_created_index (the index alone when no filter needs the row), then only those
 * rows are read with their joins. An offset over whole rows read and joined every skipped message: page 25 of a long
 * conversation cost 1.6 ms of database time against 0.6 ms for page 1. `filter` is on alias `p`; the page's limit
 * and offset are the last two parameters.
 */
const messagePageSql = (ticket: string, company: string, filter: string) =>
  `${MESSAGE_SELECT}
    join (select p.id from messages p where p.ticket_id = ${ticket} ${filter}
           order by p.created_at desc, p.id desc limit ? offset ?) pg on pg.id = m.id
   where m.company_id = ${company}
   order by m.created_at desc, m.id desc`;

/** A page of a ticket's messages, newest page first, each page in chronological order (the UI prepends older pages). */
export async function listMessages(
  em: EntityManager,
  companyId: number,
  ticketId: number,
  pageNumber: number,
  opts: { withPrivate?: boolean; maskNumbers: boolean; queueIds?: readonly number[] },
): Promise<{ messages: MessageDto[]; hasMore: boolean }> {
  const queues = inQueues(opts.queueIds);
  const rows = await em
    .getConnection()
    .execute<MessageRow[]>(
      messagePageSql('?', '?', `${opts.withPrivate === false ? 'and not p.is_private' : ''} ${queues.sql}`),
      [ticketId, ...queues.params, MESSAGE_PAGE_SIZE + 1, MESSAGE_PAGE_SIZE * (pageNumber - 1), companyId],
    );
  return pageOf(rows, opts);
}

/** Rows read newest first (one more than a page, to tell hasMore) as a page in chronological order. */
const pageOf = (rows: MessageRow[], opts: { maskNumbers: boolean }) => ({
  messages: rows
    .slice(0, MESSAGE_PAGE_SIZE)
    .reverse()
    .map((r) => toMessageDto(r, opts)),
  hasMore: rows.length > MESSAGE_PAGE_SIZE,
});

/** The statement of ticketMessagePage, as SQL with `?` placeholders and its parameters (the benchmark explains it). */
export function ticketMessagePageSql(
  companyId: number,
  userId: number,
  ticketId: number,
  pageNumber: number,
  queueIds: readonly number[] = [],
): { sql: string; params: unknown[] } {
  const queues = inQueues(queueIds);
  return {
    // unread_from_contact: whether the contact wrote something nobody has read, asked only where the opening would
    // act on it (page 1 of a ticket that is not pending and whose counter is 0). It was a second statement per
    // opening (issue 30: the message page's server CPU per request doubled and its p95 went from 10–14 to 20–30 ms).
    sql: `select t.status, t.unread_messages, t.user_id, t.queue_id, t.is_group,
            u.profile, u.all_ticket, u.allow_group, ${hidesNumbersSql('u')} as hide_numbers,
            array(select uq.queue_id from user_queues uq where uq.user_id = u.id) as queue_ids,
            coalesce((select json_agg(r) from (${messagePageSql('t.id', 't.company_id', queues.sql)}) r), '[]') as messages,
            case when ?::int = 1 and t.status <> 'pending' and t.unread_messages = 0
                 then exists (select 1 from messages um where um.ticket_id = t.id and not um.read and not um.from_me)
                 else false end as unread_from_contact
       from tickets t left join users u on u.id = ?
      where t.company_id = ? and t.id = ?`,
    params: [
      ...queues.params,
      MESSAGE_PAGE_SIZE + 1,
      MESSAGE_PAGE_SIZE * (pageNumber - 1),
      pageNumber,
      userId,
      companyId,
      ticketId,
    ],
  };
}

/**
 * A ticket's audience and state with the reader's access and one page of its messages, numbers masked as the reader
 * must see them: the message page's one query. `unreadFromContact` is answered only for page 1 of a ticket that is
 * not pending and has no unread counter (false otherwise): whether the contact wrote something nobody read yet.
 */
export async function ticketMessagePage(
  em: EntityManager,
  companyId: number,
  userId: number,
  ticketId: number,
  pageNumber: number,
  queueIds: readonly number[] = [],
): Promise<{
  ticket: { status: string; unreadMessages: number; unreadFromContact: boolean } & TicketAudience;
  access: ViewerAccess;
  messages: MessageDto[];
  hasMore: boolean;
} | null> {
  const q = ticketMessagePageSql(companyId, userId, ticketId, pageNumber, queueIds);
  const [row] = await preparedRows<{
    status: string;
    unread_messages: number;
    user_id: number | null;
    queue_id: number | null;
    is_group: boolean;
    profile: string | null;
    all_ticket: string | null;
    allow_group: boolean | null;
    hide_numbers: boolean | null;
    queue_ids: number[];
    messages: MessageRow[];
    unread_from_contact: boolean;
  }>(em, q.sql, q.params);
  if (!row) return null;
  const hideNumbers = row.hide_numbers ?? true;
  return {
    ticket: {
      status: row.status,
      unreadMessages: row.unread_messages,
      unreadFromContact: row.unread_from_contact,
      userId: row.user_id,
      queueId: row.queue_id,
      isGroup: row.is_group,
    },
    access: {
      userId,
      isAdmin: row.profile === 'admin',
      allTicket: row.all_ticket === 'enable',
      allowGroup: row.allow_group ?? false,
      queueIds: row.queue_ids,
      hideNumbers,
    },
    ...pageOf(row.messages, { maskNumbers: hideNumbers }),
  };
}

/** One message; `maskNumbers` for a reader who must not see numbers (LGPD). */
export async function findMessageDto(
  em: EntityManager,
  companyId: number,
  id: number,
  opts: { maskNumbers: boolean },
): Promise<MessageDto | null> {
  const [row] = await preparedRows<MessageRow>(em, `${MESSAGE_SELECT} where m.company_id = ? and m.id = ?`, [
    companyId,
    id,
  ]);
  return row ? toMessageDto(row, opts) : null;
}

/**
 * A page of one ticket's messages for MessagesPort.list: newest first by id, `beforeId` the keyset cursor, private
 * notes included, numbers as stored (the company's own software reads them) unless `maskNumbers` (the viewer port's
 * reader who must not see numbers, LGPD).
 * @example await messagesBefore(em, companyId, { ticketId, beforeId: 120, limit: 50 })
 */
export async function messagesBefore(
  em: EntityManager,
  companyId: number,
  q: { ticketId: number; beforeId?: number; limit: number },
  opts: { maskNumbers: boolean } = { maskNumbers: false },
): Promise<MessageDto[]> {
  const before = q.beforeId === undefined ? '' : 'and m.id < ?';
  const rows = await em
    .getConnection()
    .execute<MessageRow[]>(
      `${MESSAGE_SELECT} where m.company_id = ? and m.ticket_id = ? ${before} order by m.id desc limit ${q.limit}`,
      [companyId, q.ticketId, ...(q.beforeId === undefined ? [] : [q.beforeId])],
    );
  return rows.map((r) => toMessageDto(r, opts));
}
