import type { EventBus } from '../../events/event-bus.js';
import type { OutboxOptions } from '../../kernel/config.js';
import type { DeliveryAction, OutboxKick } from '../messages/outbox.js';
import {
  DeliveryError,
  deliverOutbound,
  type OutboundDeps,
  readOutbound,
  retractOutbound,
} from './outbound.js';
import { reactOutbound } from './reaction-outbound.js';

/** How the delivery worker paces itself (declared with the configuration that carries it); tests shorten it. */
export type { OutboxOptions };

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  pollMs: 1000,
  leaseMs: 60_000,
  baseDelayMs: 2000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 8,
  batch: 50,
};

interface Claimed {
  id: string;
  company_id: number;
  message_id: string;
  action: DeliveryAction;
  idempotency_key: string;
  attempts: number;
  ticket_id: number;
}

/** The delay before attempt `attempts + 1`. @example backoff(1, opts) ≈ 2 s, backoff(2, opts) ≈ 4 s */
export function backoff(attempts: number, o: Pick<OutboxOptions, 'baseDelayMs' | 'maxDelayMs'>): number {
  const delay = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

/**
 * Delivers the outbox (migration core-0013): claims due rows with `for update skip locked` and a lease, so instances
 * never take the same row; sends each ticket's messages in order, tickets side by side; deletes a row once sent;
 * retries a failed one with exponential backoff and, after the last attempt, marks the message's `delivery_error`,
 * which attendants see live with a retry action. Runs on the `all` and `worker` roles.
 */
export class OutboxWorker implements OutboxKick {
  private running = false;
  private wake: (() => void) | null = null;
  private kicked = false;
  private loop: Promise<void> | null = null;

  private readonly deps: OutboundDeps;
  private readonly options: OutboxOptions;

  /** Built by the container; `config.outbox` overrides the pacing (tests shorten it). */
  constructor(
    deps: Omit<OutboundDeps, 'dataDir'> & { config: { dataDir: string; outbox?: Partial<OutboxOptions> } },
  ) {
    const { orm, events, channels, realtime, logger, sessions, config, planGate, earlyAcks } = deps;
    this.deps = {
      orm,
      events,
      channels,
      realtime,
      logger,
      sessions,
      planGate,
      earlyAcks,
      dataDir: config.dataDir,
    };
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...deps.config?.outbox };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /**
   * Outbound delivery as a subscriber of the event catalogue: a stored outgoing message, a deletion (its retraction),
   * a read conversation (its receipts) and a retry wake the worker at once; without a wake-up it still finds them at its next poll.
   */
  listen(events: Pick<EventBus, 'on'>): void {
    events.on('message.created', async ({ kind }) => {
      if (kind === 'outbound' || kind === 'bot') this.kick();
    });
    events.on('message.deleted', async () => this.kick());
    // A conversation read: its read receipts are queued.
    events.on('ticket.read', async () => this.kick());
    events.on('message.delivery', async ({ state }) => {
      if (state === 'queued') this.kick();
    });
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        this.kicked = false;
        claimed = await this.pass();
      } catch (err) {
        this.deps.logger.error({ err }, 'outbox pass failed');
      }
      if (claimed < this.options.batch && !this.kicked && this.running)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      this.wake = null;
    }
  }

  /** One round: claim the due deliveries and make them. Answers how many were claimed. */
  async pass(): Promise<number> {
    const rows = await this.deps.orm.em.getConnection().execute<Claimed[]>(
      `update message_outbox o
          set locked_until = now() + make_interval(secs => ?), attempts = o.attempts + 1
        where o.id in (select id from message_outbox
                        where status = 'pending' and next_attempt_at <= now()
                          and (locked_until is null or locked_until < now())
                        order by id limit ? for update skip locked)
        returning o.id, o.company_id, o.message_id, o.action, o.idempotency_key, o.attempts,
                  (select m.ticket_id from messages m where m.id = o.message_id) as ticket_id`,
      [this.options.leaseMs / 1000, this.options.batch],
    );
    // A ticket's deliveries go one after another, in the order they were queued; tickets go side by side.
    const byTicket = new Map<number, Claimed[]>();
    for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      const list = byTicket.get(row.ticket_id) ?? [];
      list.push(row);
      byTicket.set(row.ticket_id, list);
    }
    await Promise.all([...byTicket.values()].map((list) => this.chain(list)));
    return rows.length;
  }

  private async chain(list: Claimed[]): Promise<void> {
    for (const row of list) await this.attempt(row);
  }

  private async attempt(row: Claimed): Promise<void> {
    const conn = this.deps.orm.em.getConnection();
    const messageId = Number(row.message_id);
    try {
      const make = {
        send: deliverOutbound,
        retract: retractOutbound,
        read: readOutbound,
        react: reactOutbound,
      }[row.action];
      await make(this.deps, row.company_id, messageId, row.idempotency_key);
      await conn.execute('delete from message_outbox where id = ?', [row.id]);
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 255) || 'Delivery failed';
      const final = row.attempts >= this.options.maxAttempts || (err instanceof DeliveryError && err.final);
      // The channel's reason is enough to follow a retry; the stack only when Balcão gives up.
      const at = { messageId, action: row.action, attempts: row.attempts, reason };
      if (final) this.deps.logger.error({ ...at, err }, 'message not delivered: attempts exhausted');
      else this.deps.logger.warn(at, 'message delivery failed, will retry');
      if (!final) {
        await conn.execute(
          `update message_outbox set locked_until = null, last_error = ?,
                  next_attempt_at = now() + make_interval(secs => ?) where id = ?`,
          [reason, backoff(row.attempts, this.options) / 1000, row.id],
        );
        return;
      }
      await conn.execute(
        `update message_outbox set status = 'failed', locked_until = null, last_error = ? where id = ?`,
        [reason, row.id],
      );
      // What the attendant sees as a message (a send, a reaction) is marked not delivered, with a retry.
      if (row.action === 'send' || row.action === 'react') {
        const [m] = await conn.execute<{ ticket_id: number }[]>(
          'update messages set delivery_error = ? where id = ? returning ticket_id',
          [reason, messageId],
        );
        if (m)
          await this.deps.events.emit('message.delivery', {
            companyId: row.company_id,
            ticketId: m.ticket_id,
            messageId,
            state: 'failed',
            reason,
          });
      }
    }
  }
}
