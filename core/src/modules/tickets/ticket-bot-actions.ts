import type { EventsPort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ITicket } from './ticket.entity.js';
import { emitTransition } from './ticket-events.js';
import { writeTicketLogs } from './ticket-logs.js';
import { assertOwned } from './ticket-lookups.js';
import { applyTracking } from './ticket-tracking.js';
import type { LogEntry, TicketState, TransitionKind } from './ticket-transitions.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    ticketBotActions: TicketBotActions;
  }
}

/** Where a bot engine sends a ticket to humans. */
export interface HandoffTarget {
  queueId?: number | null;
  userId?: number | null;
}

/**
 * The ticket transitions a bot engine's outcome makes (modules/bots), with no user as the actor: the log names the
 * engine (`bot`), events are the catalogue's (ticket.updated, ticket.transferred, ticket.closed with userId null), and
 * attendants see the change live. A person's transitions go through TicketsService, whose rules and permissions a bot
 * does not have: it only ever takes a ticket nobody attends, and gives it to humans or closes it.
 */
export class TicketBotActions {
  private readonly em: EntityManager;
  private readonly events: EventsPort;

  constructor(deps: { em: EntityManager; events: EventsPort }) {
    this.em = deps.em;
    this.events = deps.events;
  }

  /** The engine holds the ticket (isBot); the first time, the log says a bot took it ('chatBot'). */
  async hold(ticket: ITicket, engine: string): Promise<void> {
    if (ticket.botEngine === engine && ticket.isBot) return;
    ticket.botEngine = engine;
    ticket.isBot = true;
    await this.em.flush();
    await writeTicketLogs(this.em, ticket, [{ type: 'chatBot', userId: null, bot: engine }]);
    await this.changed(ticket, 'edit', stateOf(ticket));
  }

  /** The engine gave the conversation back (pass): no engine holds it, default routing applies. */
  async release(ticket: ITicket): Promise<void> {
    if (!ticket.botEngine && !ticket.isBot) return;
    ticket.botEngine = null;
    ticket.isBot = false;
    await this.em.flush();
    await this.changed(ticket, 'edit', stateOf(ticket));
  }

  /**
   * To humans: pending in the target queue (or the ticket's own), or open for the target user; no engine takes the
   * ticket again. An unknown queue or user of the company is refused (ERR_VALIDATION) before anything changes.
   */
  async handoff(ticket: ITicket, engine: string, to: HandoffTarget = {}): Promise<void> {
    await assertOwned(this.em, 'queues', to.queueId, ticket.companyId);
    await assertOwned(this.em, 'users', to.userId, ticket.companyId);
    const before = stateOf(ticket);
    if (to.queueId != null) ticket.queueId = to.queueId;
    if (to.userId != null) {
      ticket.userId = to.userId;
      ticket.status = ticket.isGroup ? 'group' : 'open';
      applyTracking(ticket, 'transferToUser');
    } else {
      ticket.userId = null;
      ticket.status = 'pending';
      applyTracking(ticket, 'botHandoffToQueue');
    }
    ticket.isBot = false;
    ticket.botEngine = null;
    ticket.botHandoffAt = new Date();
    await this.em.flush();
    const after = stateOf(ticket);
    const logs: LogEntry[] = [];
    if (after.queueId !== before.queueId) logs.push({ type: 'queue', userId: null, bot: engine });
    if (after.userId !== before.userId) {
      // From one attendant to another (the automation's queue rotation): the previous owner's side too (peer §4.3).
      if (before.userId != null) logs.push({ type: 'transfered', userId: before.userId, bot: engine });
      logs.push({ type: 'receivedTransfer', userId: after.userId, bot: engine });
    }
    if (!logs.length) logs.push({ type: 'pending', userId: null, bot: engine });
    await writeTicketLogs(this.em, ticket, logs);
    const kind = to.userId != null ? 'transferToUser' : 'transferToQueue';
    await this.changed(ticket, kind, before);
  }

  /**
   * The engine ended the conversation: closed without farewell (the engine said goodbye itself, if at all). The
   * automation's idle timer logs its closes as 'autoClose', a contact's "sair" to the queue menu as 'clientClosed'.
   */
  async close(
    ticket: ITicket,
    engine: string,
    logType: 'closed' | 'autoClose' | 'clientClosed' = 'closed',
  ): Promise<void> {
    const before = stateOf(ticket);
    applyTracking(ticket, 'close');
    ticket.status = 'closed';
    ticket.unreadMessages = 0;
    ticket.amountUsedBotQueues = 0;
    ticket.isBot = false;
    ticket.botEngine = null;
    await this.em.flush();
    await writeTicketLogs(this.em, ticket, [{ type: logType, userId: null, bot: engine }]);
    await this.changed(ticket, 'close', before);
  }

  /**
   * A pending ticket nobody took moves to `queueId` (a connection's redirect timer), still waiting for an attendant:
   * the menu and the queue's tree stop talking to the contact. Log 'redirect'.
   */
  async redirect(ticket: ITicket, engine: string, queueId: number): Promise<void> {
    await assertOwned(this.em, 'queues', queueId, ticket.companyId);
    const before = stateOf(ticket);
    ticket.queueId = queueId;
    ticket.isBot = false;
    ticket.chatbot = false;
    ticket.chatbotOptionId = null;
    ticket.amountUsedBotQueues = 0;
    await this.em.flush();
    await writeTicketLogs(this.em, ticket, [{ type: 'redirect', userId: null, bot: engine }]);
    await this.changed(ticket, 'transferToQueue', before);
  }

  private async changed(ticket: ITicket, kind: TransitionKind, before: TicketState): Promise<void> {
    await emitTransition(this.events, ticket, kind, before, stateOf(ticket), null);
  }
}

const stateOf = (t: ITicket): TicketState => ({
  status: t.status,
  userId: t.userId ?? null,
  queueId: t.queueId ?? null,
});
