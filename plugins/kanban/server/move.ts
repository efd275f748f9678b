import { AppError, type CorePorts, type TicketDto } from '@balcao/sdk';
import type { MoveCardInput } from '../shared/board.js';
import { kanbanErrors } from './errors.js';

/**
 * A card's move (spec part 2 §4) as the board asks for it: only a ticket the signed-in user may see (the viewer door:
 * another queue's ticket is not found, as core's ticket routes answer), only onto a kanban lane of the company, and in
 * one change through the tickets port (the old lane off and the new one on in one transaction, one
 * `ticket.tags.changed`, so every board sees one move). Answers the ticket as the user sees it (numbers masked).
 */
export async function moveCard(
  deps: Pick<CorePorts, 'viewer' | 'tags' | 'tickets'>,
  ticketId: number,
  { laneTagId }: MoveCardInput,
): Promise<TicketDto> {
  const notFound = () => new AppError('ERR_NO_TICKET_FOUND', 404);
  if (!(await deps.viewer.tickets.find(ticketId))) throw notFound();
  if (laneTagId !== null) {
    const lane = await deps.tags.find(laneTagId);
    if (!lane?.kanban) throw kanbanErrors.raise('ERR_NOT_A_LANE', { tagIds: [laneTagId] });
  }
  await deps.tickets.moveToLane(ticketId, laneTagId);
  const moved = await deps.viewer.tickets.find(ticketId);
  if (!moved) throw notFound();
  return moved;
}
