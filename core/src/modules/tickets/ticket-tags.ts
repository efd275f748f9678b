import {
  AppError,
  type EventsPort,
  idField,
  type TicketDto,
  ticketTagIdsSchema,
  validate,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { allOwned, sqlIn, type TransactionSql } from '../../db/sql-helpers.js';
import { findTicketDto } from './ticket-queries.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    ticketTags: TicketTags;
  }
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const noTicket = () => new AppError('ERR_NO_TICKET_FOUND', 404);

/**
 * A ticket's own tags (`ticket_tags`; its contact's are the contacts module's): TicketsPort.setTags/addTag/removeTag/
 * moveToLane and the kanban's `PUT/DELETE /api/ticket-tags` go through here. Each change locks the ticket, writes the links (the
 * database keeps `tickets.tag_ids`, core-0009) and, when the tags changed, emits `ticket.tags.changed` with the old
 * and new ids after commit; the ticket fan-out sends attendants the ticket as it is now.
 */
export class TicketTags {
  private readonly em: EntityManager;
  private readonly events: EventsPort;

  constructor({ em, events }: { em: EntityManager; events: EventsPort }) {
    this.em = em;
    this.events = events;
  }

  /** Makes the ticket's own tags exactly `tagIds`; another company's tag is 400 ERR_VALIDATION on `tagIds`. */
  async set(companyId: number, ticket: number, tagIds: number[]): Promise<TicketDto> {
    const ids = [...new Set(validate(ticketTagIdsSchema, tagIds))];
    if (!(await allOwned(this.em, 'tags', companyId, ids)))
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'tagIds', message: 'Unknown tag' }] });
    return this.change(companyId, ticket, async (q, ticketId) => {
      await q('delete from ticket_tags where ticket_id = ?', [ticketId]);
      if (ids.length)
        await q(
          `insert into ticket_tags (ticket_id, tag_id)
           select ?, id from tags where company_id = ? and id = any(?::int[])`,
          [ticketId, companyId, `{${ids.join(',')}}`],
        );
    });
  }

  /** Adds a tag of the company to the ticket (404 ERR_NO_TAG_FOUND for another's); one it has: no change. */
  async add(companyId: number, ticket: number, tagId: number): Promise<TicketDto> {
    const tag = await this.ownTag(companyId, tagId);
    return this.change(companyId, ticket, async (q, ticketId) => {
      await q('insert into ticket_tags (ticket_id, tag_id) values (?, ?) on conflict do nothing', [
        ticketId,
        tag,
      ]);
    });
  }

  /** Removes a tag from the ticket's own; one it lacks: no change. */
  async remove(companyId: number, ticket: number, tagId: number): Promise<TicketDto> {
    const tag = await this.ownTag(companyId, tagId);
    return this.change(companyId, ticket, async (q, ticketId) => {
      await q('delete from ticket_tags where ticket_id = ? and tag_id = ?', [ticketId, tag]);
    });
  }

  /**
   * `DELETE /api/ticket-tags/{ticketId}`: the kanban takes the card off its lane (spec part 2: moving a card first
   * removes the ticket's lane tag, then adds the new lane's). Only kanban lanes go; the ticket's ordinary tags stay.
   */
  async removeLanes(companyId: number, ticket: number): Promise<TicketDto> {
    return this.change(companyId, ticket, async (q, ticketId) => {
      await q(
        `delete from ticket_tags where ticket_id = ?
           and tag_id in (select id from tags where company_id = ? and kanban <> 0)`,
        [ticketId, companyId],
      );
    });
  }

  /**
   * The kanban's move (TicketsPort.moveToLane, the kanban plugin's `PUT /api/ticket/kanban/{ticketId}`): the ticket's
   * lanes off and `laneId`'s on in one transaction, so no reader ever sees the card in no lane or in two, and one
   * `ticket.tags.changed` names the whole move. `laneId` null: the default lane (no lane). Ordinary tags stay. A tag
   * the company lacks is 404 ERR_NO_TAG_FOUND; an ordinary tag is 400 ERR_VALIDATION on `laneId`.
   */
  async moveToLane(companyId: number, ticket: number, laneId: number | null): Promise<TicketDto> {
    const lane = laneId === null ? null : await this.ownLane(companyId, laneId);
    return this.change(companyId, ticket, async (q, ticketId) => {
      await q(
        `delete from ticket_tags where ticket_id = ?
           and tag_id in (select id from tags where company_id = ? and kanban <> 0)`,
        [ticketId, companyId],
      );
      // Guarded again inside the transaction: a lane deleted meanwhile simply is not added.
      if (lane !== null)
        await q(
          `insert into ticket_tags (ticket_id, tag_id)
           select ?, id from tags where id = ? and company_id = ? and kanban <> 0`,
          [ticketId, lane, companyId],
        );
    });
  }

  private async ownLane(companyId: number, tagId: number): Promise<number> {
    const id = idField.safeParse(tagId);
    const [tag] = id.success
      ? await this.em.execute<{ kanban: number }[]>(
          'select kanban from tags where id = ? and company_id = ?',
          [id.data, companyId],
        )
      : [];
    if (!id.success || !tag) throw new AppError('ERR_NO_TAG_FOUND', 404);
    if (Number(tag.kanban) === 0)
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: 'laneId', message: 'Not a kanban tag' }],
      });
    return id.data;
  }

  private async ownTag(companyId: number, tagId: number): Promise<number> {
    const id = idField.safeParse(tagId);
    if (!id.success || !(await allOwned(this.em, 'tags', companyId, [id.data])))
      throw new AppError('ERR_NO_TAG_FOUND', 404);
    return id.data;
  }

  private async change(
    companyId: number,
    ticketId: number,
    write: (q: TransactionSql, ticketId: number) => Promise<void>,
  ): Promise<TicketDto> {
    const id = idField.safeParse(ticketId);
    if (!id.success) throw noTicket();
    const tags = await this.em.transactional(async (tx) => {
      const q = sqlIn(tx);
      const lock = 'select tag_ids from tickets where id = ? and company_id = ? for update';
      const [before] = await q<{ tag_ids: number[] }>(lock, [id.data, companyId]);
      if (!before) throw noTicket();
      await write(q, id.data);
      const [after] = await q<{ tag_ids: number[] }>(lock, [id.data, companyId]);
      return { oldTagIds: before.tag_ids.map(Number), tagIds: after.tag_ids.map(Number) };
    });
    if (!sameIds(tags.oldTagIds, tags.tagIds))
      await this.events.emit('ticket.tags.changed', { companyId, ticketId: id.data, ...tags });
    const dto = await findTicketDto(this.em, companyId, { id: id.data }, { maskNumbers: false });
    if (!dto) throw noTicket();
    return dto;
  }
}
