import type { Cradle } from '../../kernel/container.js';
import type { IContact } from '../contacts/contact.entity.js';
import type { ITicket } from '../tickets/ticket.entity.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** Core logic that runs around the bot engines for each inbound message (modules/automation). */
    inboundStages: InboundStages;
  }
}

/**
 * What a turn's stages read of the ticket's contact, as plain values read by the turn's lease statement (mapping a
 * Contact entity cost a turn 32–67 µs; docs/benchmarks.md). A stage that changes the contact writes it itself.
 */
export type TurnContact = Pick<IContact, 'id' | 'disableBot' | 'lgpdAcceptedAt'>;

/** One inbound message as a stage sees it, in the ticket's turn (under its lease, in order). */
export interface InboundContext {
  scope: Cradle;
  companyId: number;
  ticket: ITicket;
  contact: TurnContact;
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
