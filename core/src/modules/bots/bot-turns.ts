import type { Logger } from '@balcao/sdk';

declare module '../../kernel/container.js' {
  interface Cradle {
    botTurns: BotTurns;
  }
}

/** One ticket's turn: every inbound message after the ticket's cursor up to `messageId`. */
export type RunTurn = (companyId: number, ticketId: number, messageId: number) => Promise<void>;

/** How many tickets' turns run at once in one process (each is a few statements, or an engine's HTTP call). */
const CONCURRENT_TURNS = 8;

/** How long a stopping process waits for the turns it runs before leaving them to the sweep. */
const DRAIN_MS = 10_000;

/**
 * The bots' turns of this process, per ticket (modules/bots, docs/automation.md "How it is built"). An inbound
 * message owed a turn is offered here as it is stored; a ticket waiting for its turn keeps only its newest message
 * (one turn deals with everything up to it), a ticket runs one turn at a time, and at most CONCURRENT_TURNS tickets
 * run at once. Nothing here is durable on purpose: the ticket's row says a turn is owed (`bot_due` past
 * `bot_cursor`), and the recurring sweep offers again what a stopped or dead process left.
 * @example turns.offer(companyId, ticketId, messageId)
 */
export class BotTurns {
  private run: RunTurn | undefined;
  private readonly logger: Logger;
  /** Tickets waiting for a turn, with the newest message it must reach, in the order they came. */
  private readonly due = new Map<number, { companyId: number; messageId: number }>();
  private readonly running = new Set<number>();
  private readonly drained = new Set<() => void>();
  private stopped = false;

  constructor({ logger }: { logger: Logger }) {
    this.logger = logger.child({ part: 'bots' });
  }

  /** Sets what a turn does (the bots module, once engines and stages are known). */
  start(run: RunTurn): void {
    this.run = run;
  }

  /** A turn of `ticketId` reaching `messageId` is owed; it runs soon, after any turn of the ticket already running. */
  offer(companyId: number, ticketId: number, messageId: number): void {
    if (this.stopped || !this.run) return;
    const waiting = this.due.get(ticketId);
    if (!waiting || waiting.messageId < messageId) this.due.set(ticketId, { companyId, messageId });
    this.pump();
  }

  /** Tickets with a turn waiting or running here (tests, logs). */
  get size(): number {
    return this.due.size + this.running.size;
  }

  /** Takes no more turns and waits (up to DRAIN_MS) for the running ones; what is left, the sweep finds later. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.due.clear();
    if (!this.running.size) return;
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => this.drained.add(resolve));
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DRAIN_MS);
    });
    await Promise.race([done, late]);
    clearTimeout(timer);
    if (this.running.size)
      this.logger.warn({ running: this.running.size }, 'bot turns still running at stop');
  }

  private pump(): void {
    for (const [ticketId, turn] of this.due) {
      if (this.running.size >= CONCURRENT_TURNS) return;
      if (this.running.has(ticketId)) continue;
      this.due.delete(ticketId);
      this.running.add(ticketId);
      this.turn(ticketId, turn.companyId, turn.messageId);
    }
  }

  private turn(ticketId: number, companyId: number, messageId: number): void {
    const run = this.run as RunTurn;
    run(companyId, ticketId, messageId)
      .catch((err) => this.logger.error({ err, ticketId }, 'bot turn failed; the sweep tries it again'))
      .finally(() => {
        this.running.delete(ticketId);
        if (this.stopped) {
          if (!this.running.size) for (const resolve of this.drained) resolve();
          return;
        }
        this.pump();
      });
  }
}
