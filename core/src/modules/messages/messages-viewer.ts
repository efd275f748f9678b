import {
  type AuthUser,
  idField,
  type MessageDto,
  type MessageListQuery,
  messageListSchema,
  type ViewerMessages,
  validate,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  canSeeTicket,
  loadTicketAccess,
  readTicketAudience,
  type ViewerAccess,
} from '../tickets/visibility.js';
import { findMessageDto, messagesBefore } from './message-queries.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** The message reads as this user sees them, for the viewer port (kernel/viewer-port.ts). */
    viewerMessages: (viewer: AuthUser) => ViewerMessages;
  }
}

/**
 * The message reads of the viewer port (sdk viewer-port.ts): only messages of tickets this user may see, by the rule
 * `GET /api/messages/:ticketId` applies (canSeeTicket over loadTicketAccess: a ticket they may not see is, to them, a
 * ticket that does not exist), numbers masked as that route masks them (maskMessage when the LGPD setting hides them
 * from this user). Reading never marks anything read: that is the conversation screen's opening, not a plugin's.
 */
export class ViewerMessagesReads implements ViewerMessages {
  constructor(
    private readonly em: EntityManager,
    private readonly viewer: AuthUser,
  ) {}

  /** A message of a ticket the user may see; null for any other (as the REST route answers 404, never confirming it). */
  async find(messageId: number): Promise<MessageDto | null> {
    const id = idField.safeParse(messageId);
    if (!id.success) return null;
    const access = await loadTicketAccess(this.em, this.viewer.id);
    const message = await findMessageDto(this.em, this.viewer.companyId, id.data, {
      maskNumbers: access.hideNumbers,
    });
    return message && (await this.sees(access, message.ticketId)) ? message : null;
  }

  /** A page of a ticket's messages as the company port pages them; [] for a ticket the user may not see. */
  async list(query: MessageListQuery): Promise<MessageDto[]> {
    const q = validate(messageListSchema, query);
    const access = await loadTicketAccess(this.em, this.viewer.id);
    if (!(await this.sees(access, q.ticketId))) return [];
    return messagesBefore(this.em, this.viewer.companyId, q, { maskNumbers: access.hideNumbers });
  }

  private async sees(access: ViewerAccess, ticketId: number): Promise<boolean> {
    const audience = await readTicketAudience(this.em, this.viewer.companyId, ticketId);
    return audience !== null && canSeeTicket(access, audience);
  }
}
