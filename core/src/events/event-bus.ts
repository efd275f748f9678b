import type { DomainEvents, EventsPort, Logger } from '@balcao/sdk';

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => Promise<void>;

/**
 * In-process domain events, emitted after commit. A failing subscriber is logged and never
 * fails the emitter or the other subscribers.
 */
export class EventBus implements EventsPort {
  private readonly handlers = new Map<keyof DomainEvents, Handler<keyof DomainEvents>[]>();
  private readonly logger: Logger;

  constructor({ logger }: { logger: Logger }) {
    this.logger = logger;
  }

  on<K extends keyof DomainEvents>(event: K, handler: Handler<K>): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as Handler<keyof DomainEvents>);
    this.handlers.set(event, list);
  }

  async emit<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): Promise<void> {
    const list = this.handlers.get(event) ?? [];
    await Promise.all(
      list.map(async (handler) => {
        try {
          await handler(payload);
        } catch (err) {
          this.logger.error({ err, event }, 'event subscriber failed');
        }
      }),
    );
  }
}
