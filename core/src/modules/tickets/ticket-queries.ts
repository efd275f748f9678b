import { type Channel, maskNumber, type TagDto, type TicketDto, type TicketStatus } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';

// Most tickets carry no tag: their tag_ids (core-0009: the ticket's and its contact's) say so without a lookup.
const tagsOf = (link: string, owner: string, id: string) =>
  `case when t.tag_ids = '{}' then '[]'::json else
     coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color, 'kanban', g.kanban)
                               order by g.name)
                 from ${link} l join tags g on g.id = l.tag_id where l.${owner} = ${id}), '[]') end`;

/** The columns every ticket read shares (alias t, with c, u, q, w joined); tags come along, no query per page. */
export const TICKET_COLUMNS = `
  t.id, t.uuid, t.status, t.is_group, t.is_bot, t.channel, t.user_id, t.queue_id, t.contact_id,
  t.whatsapp_id, t.last_message, t.unread_messages, t.use_integration, t.user_rating, t.created_at, t.updated_at,
  c.name as contact_name, c.number as contact_number, c.url_picture as contact_picture,
  u.name as user_name, q.name as queue_name, q.color as queue_color,
  w.name as whatsapp_name, w.group_as_ticket,
  ${tagsOf('ticket_tags', 'ticket_id', 't.id')} as tags,
  ${tagsOf('contact_tags', 'contact_id', 't.contact_id')} as contact_tags`;

/** The joins of TICKET_COLUMNS, after `from tickets t`. */
export const TICKET_JOINS = `
    join contacts c on c.id = t.contact_id
    left join users u on u.id = t.user_id
    left join queues q on q.id = t.queue_id
    left join whatsapps w on w.id = t.whatsapp_id`;

/** The select list every ticket read shares (alias t, with c, u, q, w joined). */
export const TICKET_SELECT = `select ${TICKET_COLUMNS} from tickets t ${TICKET_JOINS}`;

export interface TicketRow {
  id: number;
  uuid: string;
  status: string;
  is_group: boolean;
  is_bot: boolean;
  channel: string;
  user_id: number | null;
  queue_id: number | null;
  contact_id: number;
  whatsapp_id: number | null;
  last_message: string | null;
  unread_messages: number;
  use_integration: boolean;
  /** The contact's 1–5 rating (modules/automation's closing rating); null: none. */
  user_rating: number | null;
  created_at: Date;
  updated_at: Date;
  contact_name: string;
  contact_number: string;
  contact_picture: string | null;
  user_name: string | null;
  queue_name: string | null;
  queue_color: string | null;
  whatsapp_name: string | null;
  group_as_ticket: string | null;
  tags: TagDto[];
  contact_tags: TagDto[];
}

/** Turns rows into DTOs (tags are already in the row). */
export function toTicketDtos(rows: TicketRow[], opts: { maskNumbers: boolean }): TicketDto[] {
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    status: r.status as TicketStatus,
    isGroup: r.is_group,
    isBot: r.is_bot,
    channel: r.channel as Channel,
    userId: r.user_id,
    user: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
    queueId: r.queue_id,
    queue: r.queue_id ? { id: r.queue_id, name: r.queue_name ?? '', color: r.queue_color ?? '' } : null,
    contactId: r.contact_id,
    contact: {
      id: r.contact_id,
      name: r.contact_name,
      number: opts.maskNumbers ? maskNumber(r.contact_number) : r.contact_number,
      urlPicture: r.contact_picture,
      tags: r.contact_tags,
    },
    whatsappId: r.whatsapp_id,
    whatsapp: r.whatsapp_id
      ? { id: r.whatsapp_id, name: r.whatsapp_name ?? '', groupAsTicket: r.group_as_ticket ?? 'disabled' }
      : null,
    lastMessage: r.last_message,
    unreadMessages: r.unread_messages,
    useIntegration: r.use_integration,
    tags: r.tags,
    ...(r.user_rating != null ? { rating: r.user_rating } : {}),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/** One ticket of a company as a DTO, or null. */
export async function findTicketDto(
  em: EntityManager,
  companyId: number,
  where: { id: number } | { uuid: string },
  opts: { maskNumbers: boolean },
): Promise<TicketDto | null> {
  const [column, value] = 'id' in where ? ['t.id', where.id] : ['t.uuid', where.uuid];
  const rows = await preparedRows<TicketRow>(
    em,
    `${TICKET_SELECT} where t.company_id = ? and ${column} = ?`,
    [companyId, value],
  );
  return toTicketDtos(rows, opts)[0] ?? null;
}
