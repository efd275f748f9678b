import type { MessageDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';

const MESSAGE_SELECT = `
  select m.id, m.ticket_id, m.body, m.from_me, m.read, m.ack, m.media_type, m.media_url, m.is_deleted,
         m.is_edited, m.is_forwarded, m.is_private, m.queue_id, m.user_id, m.participant, m.created_at,
         m.contact_id, c.name as contact_name,
         qm.id as quoted_id, qm.body as quoted_body, qm.from_me as quoted_from_me
    from messages m
    left join contacts c on c.id = m.contact_id
    left join messages qm on qm.id = m.quoted_msg_id`;

interface MessageRow {
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
  contact_id: number | null;
  contact_name: string | null;
  quoted_id: string | null;
  quoted_body: string | null;
  quoted_from_me: boolean | null;
}

const toDto = (r: MessageRow): MessageDto => ({
  id: Number(r.id),
  ticketId: r.ticket_id,
  body: r.body,
  fromMe: r.from_me,
  read: r.read,
  ack: r.ack,
  mediaType: r.media_type,
  mediaUrl: r.media_url,
  quotedMsg: r.quoted_id
    ? { id: Number(r.quoted_id), body: r.quoted_body ?? '', fromMe: r.quoted_from_me ?? false }
    : null,
  isDeleted: r.is_deleted,
  isEdited: r.is_edited,
  isForwarded: r.is_forwarded,
  isPrivate: r.is_private,
  queueId: r.queue_id,
  userId: r.user_id,
  participant: r.participant,
  contact: r.contact_id ? { id: r.contact_id, name: r.contact_name ?? '' } : null,
  createdAt: new Date(r.created_at).toISOString(),
});

export const MESSAGE_PAGE_SIZE = 20;

/** A page of a ticket's messages, newest page first, each page in chronological order (the UI prepends older pages). */
export async function listMessages(
  em: EntityManager,
  companyId: number,
  ticketId: number,
  pageNumber: number,
  opts: { withPrivate: boolean } = { withPrivate: true },
): Promise<{ messages: MessageDto[]; hasMore: boolean }> {
  const rows = await em.getConnection().execute<MessageRow[]>(
    `${MESSAGE_SELECT} where m.company_id = ? and m.ticket_id = ? ${opts.withPrivate ? '' : 'and not m.is_private'}
      order by m.created_at desc, m.id desc limit ? offset ?`,
    [companyId, ticketId, MESSAGE_PAGE_SIZE + 1, MESSAGE_PAGE_SIZE * (pageNumber - 1)],
  );
  const hasMore = rows.length > MESSAGE_PAGE_SIZE;
  return { messages: rows.slice(0, MESSAGE_PAGE_SIZE).reverse().map(toDto), hasMore };
}

export async function findMessageDto(
  em: EntityManager,
  companyId: number,
  id: number,
): Promise<MessageDto | null> {
  const [row] = await em
    .getConnection()
    .execute<MessageRow[]>(`${MESSAGE_SELECT} where m.company_id = ? and m.id = ?`, [companyId, id]);
  return row ? toDto(row) : null;
}
