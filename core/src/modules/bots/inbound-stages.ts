import type { Cradle } from '../../kernel/container.js';
import type { IContact } from '../contacts/contact.entity.js';
import type { ITicket } from '../tickets/ticket.entity.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** Core logic that runs around the bot engines for each inbound message (modules/automation). */
    inboundStages: InboundStages;
  }
}

/** One inbound message as a stage sees it, in the ticket's turn (under its lease, in order). */
export interface InboundContext {
  scope: Cradle;
  companyId: number;
  ticket: ITicket;
  contact: IContact;
  messageId: number;
  body: string;
}

/**
 * Core logic of a ticket's inbound messages, beside the bot engines and in the same per-ticket turn: `beforeEngines`
 * may answer the message itself and stop it there ('stop': working hours); `defaultRouting` runs when no engine took
 * the message (none wanted it, or the one holding it passed): the greeting and queue menu. Core modules add stages
 * at register time; they run in that order.
 */
export interface InboundStage {
  name: string;
  beforeEngines?(ctx: InboundContext): Promise<'stop' | 'continue'>;
  defaultRouting?(ctx: InboundContext): Promise<void>;
}

export class InboundStages {
  private readonly stages: InboundStage[] = [];

  add(stage: InboundStage): void {
    this.stages.push(stage);
  }

  get size(): number {
    return this.stages.length;
  }

  list(): readonly InboundStage[] {
    return this.stages;
  }
}
