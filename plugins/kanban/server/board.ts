import type { TicketDto, TicketQuery, ViewerPort } from '@balcao/sdk';
import { BOARD_MAX_CARDS, type BoardDto, type BoardQuery, byRecent, toCard } from '../shared/board.js';

/** The viewer door's largest page (TicketQuery.limit). */
const PAGE = 500;
const STATUSES = ['open', 'pending'] as const;

/**
 * The board's tickets, read through the viewer door: only what the signed-in user may see (their own, their queues',
 * all for an admin or with allTicket), numbers masked as core masks them for that user. Never a copy of the rule.
 */
export class Board {
  constructor(private readonly viewer: ViewerPort) {}

  async read({ queueIds }: BoardQuery): Promise<BoardDto> {
    const filters: TicketQuery[] = STATUSES.flatMap((status) =>
      queueIds ? queueIds.map((queueId) => ({ status, queueId })) : [{ status }],
    );
    const tickets: TicketDto[] = [];
    let hasMore = false;
    for (const filter of filters) {
      // Keyset walk, newest first: one page at a time, whatever the lane's size.
      let beforeId: number | undefined;
      for (;;) {
        const page = await this.viewer.tickets.list({ ...filter, beforeId, limit: PAGE });
        tickets.push(...page);
        if (tickets.length > BOARD_MAX_CARDS) hasMore = true;
        if (page.length < PAGE || hasMore) break;
        beforeId = page[page.length - 1].id;
      }
      if (hasMore) break;
    }
    const cards = tickets.map(toCard).sort(byRecent);
    return { tickets: cards.slice(0, BOARD_MAX_CARDS), hasMore };
  }
}
