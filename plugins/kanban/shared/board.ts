import { idField, type TagDto, type TicketDto } from '@balcao/sdk';
import { z } from 'zod';

// What the board's server and UI share: the query and body schemas, the card a ticket becomes and the pure rules
// that put cards in lanes. The UI applies the same rules to the tickets realtime sends as the server to the list.

/** The default lane's key: tickets carrying no kanban tag of their own (spec part 2 §2). */
export const DEFAULT_LANE = 0;

/** At most this many cards on one board answer (the rest: `hasMore`); a lane of thousands still fits. */
export const BOARD_MAX_CARDS = 5000;

/** The plugin's realtime topic (`company-{id}-kanban`): `{ action: 'lanes' }` when the admin reorders the lanes. */
export const KANBAN_TOPIC = 'kanban';

/** At most this many queue ids in one board query, lanes in one order. */
export const MAX_QUEUE_IDS = 100;
export const MAX_LANES = 500;

/** `queueIds` as the spec sends it, a JSON list (`[1,2]`); a malformed one is 'Invalid id', never a 500. */
const jsonIds = z.preprocess((value) => {
  if (typeof value !== 'string' || value === '') return value === '' ? undefined : value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, z.array(idField, { error: 'Invalid id' }).max(MAX_QUEUE_IDS, 'Too Long!').optional());

/**
 * `GET /api/ticket/kanban`: `queueIds` (JSON list) narrows the board to those queues; the peers' `teste` flag is
 * accepted and means nothing. @example boardQuerySchema.parse({ queueIds: '[1,2]' })
 */
export const boardQuerySchema = z.object({ queueIds: jsonIds });
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** `PUT /api/kanban/lanes/order`: the lanes left to right; lanes left out follow in name order. */
export const laneOrderSchema = z.object({
  tagIds: z
    .array(idField)
    .max(MAX_LANES, 'Too Long!')
    .refine((ids) => new Set(ids).size === ids.length, 'Repeated option'),
});
export type LaneOrderInput = z.infer<typeof laneOrderSchema>;

/** `PUT /api/ticket/kanban/{ticketId}`'s path. */
export const moveParamsSchema = z.object({ ticketId: idField });

/**
 * `PUT /api/ticket/kanban/{ticketId}`: the lane the card goes to, a kanban tag's id; null: the default lane (the card
 * loses its kanban tags). @example moveCardSchema.parse({ laneTagId: 7 })
 */
export const moveCardSchema = z.object({ laneTagId: idField.nullable() });
export type MoveCardInput = z.infer<typeof moveCardSchema>;

/** A ticket as its card shows it (spec part 2 §3 "Ticket on kanban"). Numbers arrive masked when LGPD hides them. */
export interface KanbanCard {
  id: number;
  uuid: string;
  status: TicketDto['status'];
  queueId: number | null;
  contact: { id: number; name: string; number: string };
  lastMessage: string | null;
  /** The ticket's own tags (its contact's never place it in a lane). */
  tagIds: number[];
  updatedAt: string;
}

/** `GET /api/ticket/kanban`. */
export interface BoardDto {
  tickets: KanbanCard[];
  /** More tickets than {@link BOARD_MAX_CARDS}: the board shows the newest. */
  hasMore: boolean;
}

/** A lane: a kanban tag, in the admin's order. */
export type LaneDto = Pick<TagDto, 'id' | 'name' | 'color' | 'kanban' | 'ticketsCount'>;

/** `GET /api/kanban/lanes`, `PUT /api/kanban/lanes/order`. */
export interface LanesDto {
  lanes: LaneDto[];
}

/** The card of a ticket. @example toCard(frame.ticket) */
export function toCard(ticket: TicketDto): KanbanCard {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    queueId: ticket.queueId,
    contact: { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number },
    lastMessage: ticket.lastMessage,
    tagIds: ticket.tags.map((t) => t.id),
    updatedAt: ticket.updatedAt,
  };
}

/** Whether a ticket belongs on the board: in progress (open or pending) and, with a queue filter, in one of them. */
export function onBoard(card: Pick<KanbanCard, 'status' | 'queueId'>, queueIds?: number[]): boolean {
  if (card.status !== 'open' && card.status !== 'pending') return false;
  return !queueIds || (card.queueId !== null && queueIds.includes(card.queueId));
}

/**
 * The lanes a card sits in: each kanban lane among its tags, else the default lane. A move takes every lane off
 * first, so after one a card sits in exactly one.
 */
export function lanesOf(card: Pick<KanbanCard, 'tagIds'>, laneIds: ReadonlySet<number>): number[] {
  const lanes = card.tagIds.filter((id) => laneIds.has(id));
  return lanes.length ? lanes : [DEFAULT_LANE];
}

/** The most recently changed first (a new message brings a card up), then the newest ticket. */
export const byRecent = (a: KanbanCard, b: KanbanCard): number =>
  b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** Cards grouped by lane key (the default lane and every lane of `laneIds`), each lane most recent first. */
export function groupByLane(
  cards: readonly KanbanCard[],
  laneIds: readonly number[],
): Map<number, KanbanCard[]> {
  const lanes = new Map<number, KanbanCard[]>([[DEFAULT_LANE, []]]);
  for (const id of laneIds) lanes.set(id, []);
  const known = new Set(laneIds);
  for (const card of cards) for (const lane of lanesOf(card, known)) lanes.get(lane)?.push(card);
  for (const list of lanes.values()) list.sort(byRecent);
  return lanes;
}

/** Tags in the admin's order (`positions`: tag id → place); lanes without a place follow in their given order. */
export function orderLanes<T extends { id: number }>(
  tags: readonly T[],
  positions: ReadonlyMap<number, number>,
): T[] {
  const placed = tags.filter((t) => positions.has(t.id));
  placed.sort((a, b) => (positions.get(a.id) ?? 0) - (positions.get(b.id) ?? 0));
  return [...placed, ...tags.filter((t) => !positions.has(t.id))];
}
