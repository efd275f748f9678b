import { type Channel, maskNumber, type TagDto, type TicketDto, type TicketStatus } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The select list every ticket read shares (alias t, with c, u, q, w joined). */
export const TICKET_SELECT = `
  select t.id, t.uuid, t.status, t.is_group, t.is_bot, t.channel, t.user_id, t.queue_id, t.contact_id,
         t.whatsapp_id, t.last_message, t.unread_messages, t.use_integration, t.created_at, t.updated_at,
         c.name as contact_name, c.number as contact_number, c.url_picture as contact_picture,
         u.name as user_name, q.name as queue_name, q.color as queue_color,
         w.name as whatsapp_name, w.group_as_ticket
    from tickets t
    join contacts c on c.id = t.contact_id
    left join users u on u.id = t.user_id
    left join queues q on q.id = t.queue_id
    left join whatsapps w on w.id = t.whatsapp_id`;

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
}

/** Turns rows into DTOs with their tags (two extra queries for the whole page, never one per ticket). */
export async function toTicketDtos(
  em: EntityManager,
  rows: TicketRow[],
  opts: { maskNumbers: boolean },
): Promise<TicketDto[]> {
  if (!rows.length) return [];
  const conn = em.getConnection();
  const ids = rows.map((r) => r.id);
  const contactIds = [...new Set(rows.map((r) => r.contact_id))];
  const ticketTags = await conn.execute<(TagDto & { owner: number })[]>(
    `select tt.ticket_id as owner, g.id, g.name, g.color, g.kanban from ticket_tags tt join tags g on g.id = tt.tag_id
      where tt.ticket_id in (${ids.map(() => '?').join(',')}) order by g.name`,
    ids,
  );
  const contactTags = await conn.execute<(TagDto & { owner: number })[]>(
    `select ct.contact_id as owner, g.id, g.name, g.color, g.kanban from contact_tags ct join tags g on g.id = ct.tag_id
      where ct.contact_id in (${contactIds.map(() => '?').join(',')}) order by g.name`,
    contactIds,
  );
  const group = (list: (TagDto & { owner: number })[]) => {
    const out = new Map<number, TagDto[]>();
    for (const { owner, ...tag } of list) out.set(owner, [...(out.get(owner) ?? []), tag]);
    return out;
  };
  const byTicket = group(ticketTags);
  const byContact = group(contactTags);
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
      tags: byContact.get(r.contact_id) ?? [],
    },
    whatsappId: r.whatsapp_id,
    whatsapp: r.whatsapp_id
      ? { id: r.whatsapp_id, name: r.whatsapp_name ?? '', groupAsTicket: r.group_as_ticket ?? 'disabled' }
      : null,
    lastMessage: r.last_message,
    unreadMessages: r.unread_messages,
    useIntegration: r.use_integration,
    tags: byTicket.get(r.id) ?? [],
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
  const rows = await em
    .getConnection()
    .execute<TicketRow[]>(`${TICKET_SELECT} where t.company_id = ? and ${column} = ?`, [companyId, value]);
  return (await toTicketDtos(em, rows, opts))[0] ?? null;
}
