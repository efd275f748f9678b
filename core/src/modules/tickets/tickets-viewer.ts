import {
  AppError,
  type AuthUser,
  PG_INT_MAX,
  type TicketDto,
  type TicketQuery,
  type ViewerTickets,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { visibleTicketSql } from './ticket-list-sql.js';
import { listTickets } from './tickets-port.js';
import type { TicketsService } from './tickets-service.js';
import { loadTicketAccess } from './visibility.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** The ticket reads as this user sees them, for the viewer port (kernel/viewer-port.ts). */
    viewerTickets: (viewer: AuthUser) => ViewerTickets;
  }
}

/** Ids a ticket can have (int4); any other finds nothing rather than failing in SQL. */
const isTicketId = (id: number) => Number.isInteger(id) && id > 0 && id <= PG_INT_MAX;

/**
 * The ticket reads of the viewer port (sdk viewer-port.ts): what core's REST answers this user, by the same code.
 * `find` is `GET /api/tickets/:id` (TicketsService.get: canSeeTicket, LGPD mask); `list` is the port's list narrowed
 * by the visibility rule as SQL (visibleTicketSql, the ticket list's branches) and masked as the list masks.
 */
export class ViewerTicketsReads implements ViewerTickets {
  constructor(
    private readonly em: EntityManager,
    private readonly viewer: AuthUser,
    private readonly service: TicketsService,
  ) {}

  async find(ticketId: number): Promise<TicketDto | null> {
    if (!isTicketId(ticketId)) return null;
    try {
      return await this.service.get(this.viewer, { id: ticketId });
    } catch (err) {
      if (err instanceof AppError && err.code === 'ERR_NO_TICKET_FOUND') return null;
      throw err;
    }
  }

  async list(q: TicketQuery): Promise<TicketDto[]> {
    const access = await loadTicketAccess(this.em, this.viewer.id);
    return listTickets(this.em, this.viewer.companyId, q, {
      visible: visibleTicketSql(access),
      maskNumbers: access.hideNumbers,
    });
  }
}
