import type { Cradle } from '../../kernel/container.js';
import type { ITicket } from './ticket.entity.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** What may happen instead of an attendant's close (modules/automation: the closing rating). */
    closeSteps: CloseSteps;
  }
}

/**
 * A step another module adds to an attendant's close with farewell (spec part 1 §4 Close, peer §4.2): it may take the
 * close over and keep the ticket (the closing rating asks the contact first and closes later). It runs after the
 * close's own checks (permissions, requiredTag), in the request's scope, with the ticket as it was (open or group).
 * Taking it over means writing the ticket's new state, its log and its events itself.
 */
export interface CloseStep {
  name: string;
  /** True when the step kept the ticket: the close then stops there (no farewell, log or close event). */
  insteadOfClose(scope: Cradle, ticket: ITicket, closerId: number): Promise<boolean>;
}

/** The steps modules add at register time; the first that takes a close over wins. */
export class CloseSteps {
  private readonly steps: CloseStep[] = [];

  add(step: CloseStep): void {
    this.steps.push(step);
  }

  async insteadOfClose(scope: Cradle, ticket: ITicket, closerId: number): Promise<boolean> {
    for (const step of this.steps) if (await step.insteadOfClose(scope, ticket, closerId)) return true;
    return false;
  }
}
